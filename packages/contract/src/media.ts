import { z } from 'zod';
import {
  idParam,
  idSchema,
  listQuery,
  signedLinkFields,
  textSchema,
  timestampSchema,
  uploadedKeySchema,
  webAddressSchema,
} from './common.ts';

/**
 * Media library (docs/domain.md, Media): videos and audios, each an uploaded file
 * or an external URL, tagged with grade/subject/chapter/topic. Both kinds
 * share every shape; the spec's paths differ only by kind.
 *
 * Uploads take two steps (docs/decisions.md, Media): the file goes as
 * multipart to `/media/uploadfile` (sniffed, size-limited, stored), which
 * answers its storage key; `addvideo` / `addaudiofile` then take JSON naming
 * either that key or a URL. Players fetch files through `/media/file` with a
 * short-lived signed link, since <video>/<audio> cannot send a bearer header.
 */

export const MEDIA_KINDS = ['video', 'audio'] as const;
export const mediaKindSchema = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof mediaKindSchema>;

export const MEDIA_SOURCES = ['upload', 'url'] as const;
export const mediaSourceSchema = z.enum(MEDIA_SOURCES);
export type MediaSource = z.infer<typeof mediaSourceSchema>;

export const MEDIA_STATUSES = ['active', 'inactive'] as const;
export const mediaStatusSchema = z.enum(MEDIA_STATUSES);
export type MediaStatus = z.infer<typeof mediaStatusSchema>;

/** What `/media/uploadfile` accepts: the media itself, or a video's thumbnail image. */
export const UPLOAD_KINDS = ['video', 'audio', 'thumbnail'] as const;
export const uploadKindSchema = z.enum(UPLOAD_KINDS);
export type MediaUploadKind = z.infer<typeof uploadKindSchema>;

export const mediaFileSchema = z.object({
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  originalName: z.string(),
});

/**
 * A folder of the library: a path of names joined by "/" ("Grade 8/Physics"),
 * "" for the library's top. Folders are paths, as in a file store: one holds
 * items while an item names it. Each name is trimmed, inner spaces are one,
 * and none may be empty, so " Grade 8 // Physics/" is refused and
 * "Grade  8 / Physics" is "Grade 8/Physics".
 */
export const MAX_FOLDER_DEPTH = 5;
export const folderSchema = textSchema({ max: 300 })
  .transform((s) => (s === '' ? [] : s.split('/').map((part) => part.replace(/\s+/g, ' ').trim())))
  .refine(
    (parts) => parts.every((p) => p.length > 0),
    'A folder name cannot be empty (check the slashes)',
  )
  .refine((parts) => parts.every((p) => p.length <= 60), 'A folder name has at most 60 characters')
  .refine(
    (parts) => parts.length <= MAX_FOLDER_DEPTH,
    `Folders go at most ${MAX_FOLDER_DEPTH} levels deep`,
  )
  .transform((parts) => parts.join('/'));

export const mediaItemSchema = z.object({
  id: z.number().int(),
  kind: mediaKindSchema,
  title: z.string(),
  /** Its folder's path ("" at the top of the library). */
  folder: z.string(),
  description: z.string().nullable(),
  source: mediaSourceSchema,
  /** The external address (source `url`); null for uploads. */
  url: z.string().nullable(),
  /** The stored file (source `upload`); null for URLs. */
  file: mediaFileSchema.nullable(),
  /** What a player loads: a signed `/api/media/file` link (valid 2 hours) or the external URL. */
  playUrl: z.string(),
  /** Signed link to the thumbnail image, if any. */
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  language: z.string(),
  gradeId: z.number().int().nullable(),
  gradeName: z.string().nullable(),
  subjectId: z.number().int().nullable(),
  subjectName: z.string().nullable(),
  chapterId: z.number().int().nullable(),
  chapterName: z.string().nullable(),
  topicId: z.number().int().nullable(),
  topicName: z.string().nullable(),
  status: mediaStatusSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

const titleSchema = textSchema({ min: 1, max: 300 });
/** The one multi-line text of the library: tabs and line breaks are kept. */
const descriptionSchema = textSchema({ max: 5000, multiline: true })
  .nullable()
  .optional()
  .transform((s) => (s ? s : s === undefined ? undefined : null));
const languageSchema = textSchema({ min: 1, max: 40 });

/** Only http(s): a `javascript:` or `data:` address must never reach a player. */
export const mediaUrlSchema = webAddressSchema;

/** A key as `/media/uploadfile` answered it (`ab/cd/<uuid>`). */
export const storageKeySchema = uploadedKeySchema('file');

export const durationSchema = z.number().min(0).max(1_000_000);

const tagFields = {
  gradeId: idSchema.nullable().optional(),
  subjectId: idSchema.nullable().optional(),
  chapterId: idSchema.nullable().optional(),
  topicId: idSchema.nullable().optional(),
};

const commonAddFields = {
  title: titleSchema,
  folder: folderSchema.default(''),
  description: descriptionSchema,
  language: languageSchema.default('English'),
  ...tagFields,
  status: mediaStatusSchema.default('active'),
  /** From `/media/uploadfile?kind=thumbnail`. */
  thumbnailKey: storageKeySchema.nullable().optional(),
};

/** Either an uploaded file's key (duration read from the file) or a URL (duration as given). */
export const addMediaBody = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('url'),
    url: mediaUrlSchema,
    durationSeconds: durationSchema.nullable().optional(),
    ...commonAddFields,
  }),
  z.object({
    source: z.literal('upload'),
    fileKey: storageKeySchema,
    /** The name the upload answered, shown to admins and used when saving. */
    fileName: textSchema({ max: 255 }).optional(),
    ...commonAddFields,
  }),
]);
export type AddMediaBody = z.input<typeof addMediaBody>;

/** The source cannot change; `url` and `durationSeconds` apply to URL items only. */
export const editMediaBody = z.object({
  id: idSchema,
  title: titleSchema.optional(),
  folder: folderSchema.optional(),
  description: descriptionSchema,
  language: languageSchema.optional(),
  ...tagFields,
  status: mediaStatusSchema.optional(),
  thumbnailKey: storageKeySchema.nullable().optional(),
  url: mediaUrlSchema.optional(),
  durationSeconds: durationSchema.nullable().optional(),
  /**
   * An upload item's new content (a key from `/media/uploadfile`): the item
   * keeps its id, so every mapping and printed code that uses it plays the
   * new file; the old file is removed. Its duration is read from the file.
   */
  fileKey: storageKeySchema.optional(),
  /** The new file's name, as the upload answered it. */
  fileName: textSchema({ max: 255 }).optional(),
});
export type EditMediaBody = z.input<typeof editMediaBody>;

export const MEDIA_SORTS = ['title', 'createdAt', 'updatedAt', 'durationSeconds'] as const;

export const mediaFilters = z.object({
  language: textSchema({ max: 40 }).optional(),
  gradeId: idParam.optional(),
  subjectId: idParam.optional(),
  chapterId: idParam.optional(),
  topicId: idParam.optional(),
  status: mediaStatusSchema.optional(),
  source: mediaSourceSchema.optional(),
  /** Only the items directly in this folder ("" the top); left out, every folder. */
  folder: folderSchema.optional(),
});

/** `listofvideos`: search, sort and paging; `filtervideo` adds the filters. */
export const mediaListQuery = listQuery(MEDIA_SORTS);
export const mediaFilterQuery = mediaListQuery.extend(mediaFilters.shape);
export type MediaFilterQuery = z.input<typeof mediaFilterQuery>;

export const uploadFileQuery = z.object({ kind: uploadKindSchema });
export const uploadedFileSchema = mediaFileSchema.extend({
  key: z.string(),
  /** Read from the file's headers where the format allows (MP4, WAV, MP3, FLAC). */
  durationSeconds: z.number().nullable(),
});
export type UploadedMediaFile = z.infer<typeof uploadedFileSchema>;

export const mediaFileQuery = z.object({
  id: idParam,
  part: z.enum(['file', 'thumbnail']).default('file'),
  ...signedLinkFields,
});

/** A folder that holds items (directly) and how many; its parents are folders too. */
export const mediaFolderSchema = z.object({ path: z.string(), items: z.number().int() });
export const mediaFoldersQuery = z.object({ kind: mediaKindSchema });
export const mediaFoldersSchema = z.object({ items: z.array(mediaFolderSchema) });

/** Renames or moves a folder with everything in it (its subfolders too). */
export const moveMediaFolderBody = z
  .object({
    kind: mediaKindSchema,
    from: folderSchema.refine((p) => p !== '', 'Choose a folder, not the top of the library'),
    to: folderSchema,
  })
  .refine((b) => b.to !== b.from && !b.to.startsWith(`${b.from}/`), {
    path: ['to'],
    message: 'A folder cannot move into itself',
  });
export const moveMediaFolderResponse = z.object({ moved: z.number().int() });
