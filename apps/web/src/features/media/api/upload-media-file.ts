import { type MediaUploadKind, routes, type UploadedMediaFile } from '@bo/contract';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

/** POST /media/uploadfile as multipart with its upload progress (0..1). */
export const uploadMediaFile = (
  kind: MediaUploadKind,
  file: File,
  onProgress: (fraction: number) => void,
) =>
  uploadWithProgress<UploadedMediaFile>(routes.uploadMediaFile, {
    file,
    query: { kind },
    onProgress,
  });
