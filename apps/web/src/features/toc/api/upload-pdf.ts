import type { ContentItem } from '@bo/contract';
import { tocRoutes } from '@bo/contract/toc-routes';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';
import { useTocMutation } from './toc-mutation.ts';

/** POST /book/uploadcontent as multipart with its progress; nodeId and title go before the file. */
export const uploadPdf = (
  nodeId: number,
  title: string,
  file: File,
  onProgress: (fraction: number) => void,
) =>
  uploadWithProgress<ContentItem>(tocRoutes.uploadContent, {
    file,
    fields: { nodeId: String(nodeId), title },
    onProgress,
  });

export const useUploadPdf = (
  isbn: string,
  nodeId: number,
  onProgress: (fraction: number) => void,
) =>
  useTocMutation(isbn, ({ title, file }: { title: string; file: File }) =>
    uploadPdf(nodeId, title, file, onProgress),
  );
