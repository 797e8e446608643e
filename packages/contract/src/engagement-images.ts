import { z } from 'zod';
import { signedLinkFields, textSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * Images of pop-ups and notifications: uploaded first (PNG, JPEG or WebP),
 * then named by their key in the pop-up or notification. The learner app and
 * the push provider load them through a signed link.
 */
export const ENGAGEMENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const uploadedImageSchema = z.object({
  key: z.string(),
  /** A signed link for the form's preview. */
  url: z.string(),
});

export const engagementImageQuery = z.object({
  key: textSchema({ min: 1, max: 100 }),
  ...signedLinkFields,
});

const upload = { field: 'file', kinds: ['image'] } as const;

export const engagementImageRoutes = defineRoutes({
  uploadNotificationImage: {
    access: 'notifications',
    tag: 'notifications',
    method: 'POST',
    path: '/notification/uploadimage',
    audit: 'self',
    summary:
      'Uploads a notification image (multipart field "file": PNG, JPEG or WebP by content, 415 otherwise; 413 over UPLOAD_MAX_IMAGE_MB); answers its key and a preview link',
    response: uploadedImageSchema,
    upload,
  },
  uploadPopupImage: {
    access: 'popups',
    tag: 'popups',
    method: 'POST',
    path: '/user/uploadpopupimage',
    audit: 'self',
    summary:
      'Uploads a pop-up image (multipart field "file": PNG, JPEG or WebP by content, 415 otherwise; 413 over UPLOAD_MAX_IMAGE_MB); answers its key and a preview link',
    response: uploadedImageSchema,
    upload,
  },
  engagementImage: {
    access: 'public',
    tag: 'notifications',
    method: 'GET',
    path: '/engagement/image',
    summary:
      'A pop-up or notification image through its signed link (the app and the push provider load it); 403 when the link is invalid or expired',
    query: engagementImageQuery,
    download: true,
  },
});
