import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  books,
  contentItems,
  mailerImages,
  mediaItems,
  notifications,
  popups,
  questionImages,
} from '../../db/schema/index.ts';

/**
 * Every column that holds a storage key. A stored file that none of them
 * holds (and that is older than the grace period) is an orphan the sweep
 * removes, so a feature that keeps keys adds its column here.
 */
export const FILE_KEY_COLUMNS: { name: string; column: AnyPgColumn }[] = [
  { name: 'book cover', column: books.coverFileKey },
  { name: 'media file', column: mediaItems.fileKey },
  { name: 'media thumbnail', column: mediaItems.thumbnailKey },
  { name: 'TOC PDF', column: contentItems.fileKey },
  { name: 'question image', column: questionImages.fileKey },
  { name: 'pop-up image', column: popups.imageKey },
  { name: 'notification image', column: notifications.imageKey },
  { name: 'mailer image', column: mailerImages.fileKey },
];
