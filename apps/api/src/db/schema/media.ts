import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { actorColumns, id, timestamps } from './columns.ts';
import { chapters, grades, subjects, topics } from './curriculum.ts';

/**
 * The media library: videos and audios in one table (they share every field
 * and every query; `kind` tells them apart). An item is an uploaded file
 * (`file_*` columns, a key of deps.storage) or an external URL. Curriculum
 * tags are ON DELETE RESTRICT so a tag in use cannot vanish under an item.
 */
export const mediaItems = pgTable(
  'media_items',
  {
    id: id(),
    kind: text('kind').notNull().$type<'video' | 'audio'>(),
    title: text('title').notNull(),
    /** Its folder's path, "" at the top (folders are paths: media.ts in the contract). */
    folder: text('folder').notNull().default(''),
    description: text('description'),
    source: text('source').notNull().$type<'upload' | 'url'>(),
    url: text('url'),
    fileKey: text('file_key'),
    fileMime: text('file_mime'),
    fileSize: bigint('file_size', { mode: 'number' }),
    fileSha256: text('file_sha256'),
    fileName: text('file_name'),
    thumbnailKey: text('thumbnail_key'),
    durationSeconds: doublePrecision('duration_seconds'),
    language: text('language').notNull(),
    gradeId: bigint('grade_id', { mode: 'number' }).references(() => grades.id, {
      onDelete: 'restrict',
    }),
    subjectId: bigint('subject_id', { mode: 'number' }).references(() => subjects.id, {
      onDelete: 'restrict',
    }),
    chapterId: bigint('chapter_id', { mode: 'number' }).references(() => chapters.id, {
      onDelete: 'restrict',
    }),
    topicId: bigint('topic_id', { mode: 'number' }).references(() => topics.id, {
      onDelete: 'restrict',
    }),
    status: text('status').notNull().$type<'active' | 'inactive'>(),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    // A stored file belongs to one item (its delete removes the file).
    uniqueIndex('media_items_file_key').on(t.fileKey),
    // The list walks kind + title; each filter narrows through its own index.
    index('media_items_kind_title_idx').on(t.kind, t.title, t.id),
    index('media_items_kind_status_title_idx').on(t.kind, t.status, t.title, t.id),
    index('media_items_kind_language_idx').on(t.kind, sql`lower(${t.language})`),
    index('media_items_kind_created_idx').on(t.kind, t.createdAt),
    index('media_items_grade_idx').on(t.gradeId),
    index('media_items_subject_idx').on(t.subjectId),
    index('media_items_chapter_idx').on(t.chapterId),
    index('media_items_topic_idx').on(t.topicId),
    // A folder's items in title order, and the folder list's grouping.
    index('media_items_kind_folder_title_idx').on(t.kind, t.folder, t.title, t.id),
  ],
);
