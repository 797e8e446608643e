import { mailRoutes } from '@bo/contract/mail-routes';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

/** POST /mail/uploademailerimage: answers the image's public address. */
export const useUploadMailerImage = () =>
  useMutation({
    mutationFn: (file: File) =>
      uploadWithProgress<{ url: string; key: string }>(mailRoutes.uploadMailerImage, { file }),
  });
