import type { MediaUploadKind, UploadedMediaFile } from '@bo/contract';
import { mediaRoutes } from '@bo/contract/media-routes';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

/** POST /media/uploadfile as multipart with its upload progress (0..1). */
export const uploadMediaFile = (
  kind: MediaUploadKind,
  file: File,
  onProgress: (fraction: number) => void,
) =>
  uploadWithProgress<UploadedMediaFile>(mediaRoutes.uploadMediaFile, {
    file,
    query: { kind },
    onProgress,
  });
