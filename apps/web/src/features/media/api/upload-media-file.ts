import type { MediaUploadKind, UploadedMediaFile } from '@bo/contract';
import { mediaRoutes } from '@bo/contract/media-routes';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
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

/** One upload with its progress; answers the stored file once complete. */
export function useMediaUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const [file, setFile] = useState<UploadedMediaFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async (
    kind: MediaUploadKind,
    chosen: File | null,
  ): Promise<UploadedMediaFile | null> => {
    setFile(null);
    setError(null);
    setProgress(null);
    if (!chosen) return null;
    try {
      const uploaded = await uploadMediaFile(kind, chosen, setProgress);
      setFile(uploaded);
      return uploaded;
    } catch (e) {
      setError(errorMessage(e));
      setProgress(null);
      return null;
    }
  };
  return { progress, file, error, start, busy: progress !== null && !file && !error };
}
