import { z } from 'zod';
import {
  booleanQuery,
  idBody,
  idParam,
  idSchema,
  listQuery,
  okSchema,
  paginated,
  signedLinkFields,
  textSchema,
  timestampSchema,
} from './common.ts';
import { importChangesShape, importReportSchema, XLSX_UPLOAD } from './imports.ts';
import { isbnSchema } from './isbn.ts';
import { defineRoutes } from './route.ts';

/**
 * Books (docs/domain.md, Books and content): identified by the normalized ISBN-13; extra ISBNs
 * (other printings sharing the content) are unique across every book's main
 * and extra ISBNs. Grade and subject reference the curriculum masters.
 */

export const BOOK_STATUSES = ['draft', 'active', 'inactive'] as const;
export const bookStatusSchema = z.enum(BOOK_STATUSES);
export type BookStatus = z.infer<typeof bookStatusSchema>;

export const bookSchema = z.object({
  id: z.number().int(),
  isbn: z.string(),
  title: z.string(),
  gradeId: z.number().int().nullable(),
  gradeName: z.string().nullable(),
  subjectId: z.number().int().nullable(),
  subjectName: z.string().nullable(),
  series: z.string().nullable(),
  edition: z.string().nullable(),
  language: z.string(),
  status: bookStatusSchema,
  extraIsbns: z.array(z.string()),
  /** A signed `/api/book/coverfile` link (valid about an hour) for an `<img>`, or null. */
  coverUrl: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Book = z.infer<typeof bookSchema>;

const titleSchema = textSchema({ min: 1, max: 300 });
const languageSchema = textSchema({ min: 1, max: 40 });
/** Optional free text: blank is stored as null. */
const optionalText = (max: number) =>
  textSchema({ max })
    .nullable()
    .optional()
    .transform((s) => (s ? s : s === undefined ? undefined : null));

export const BOOK_SORTS = ['title', 'isbn', 'createdAt', 'updatedAt'] as const;

export const bookFilters = z.object({
  gradeId: idParam.optional(),
  subjectId: idParam.optional(),
  status: bookStatusSchema.optional(),
});

/** `q` matches the start of an ISBN (main or extra, hyphens ignored) or any part of the title. */
export const bookListQuery = listQuery(BOOK_SORTS).extend(bookFilters.shape);
export type BookListQuery = z.input<typeof bookListQuery>;

export const bookDownloadQuery = bookListQuery.omit({ page: true, pageSize: true });

export const createBookBody = z.object({
  isbn: isbnSchema,
  title: titleSchema,
  gradeId: idSchema.nullable().optional(),
  subjectId: idSchema.nullable().optional(),
  series: optionalText(120),
  edition: optionalText(60),
  language: languageSchema.default('English'),
  status: bookStatusSchema.default('draft'),
});
export type CreateBookBody = z.input<typeof createBookBody>;

export const editBookBody = z.object({
  id: idSchema,
  isbn: isbnSchema.optional(),
  title: titleSchema.optional(),
  gradeId: idSchema.nullable().optional(),
  subjectId: idSchema.nullable().optional(),
  series: optionalText(120),
  edition: optionalText(60),
  language: languageSchema.optional(),
  status: bookStatusSchema.optional(),
});
export type EditBookBody = z.input<typeof editBookBody>;

export const changeBookStatusBody = z.object({
  ids: z
    .array(idSchema)
    .min(1, 'Choose at least one book')
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear once'),
  status: bookStatusSchema,
});

export const appendIsbnsBody = z.object({
  bookId: idSchema,
  isbns: z.array(isbnSchema).min(1, 'Give at least one ISBN').max(50),
});
export type AppendIsbnsBody = z.input<typeof appendIsbnsBody>;

export const appendIsbnsResponse = z.object({
  book: bookSchema,
  /** Newly attached, normalized. */
  added: z.array(z.string()),
  /** Already this book's main or extra ISBN: left as they were, not an error. */
  alreadyAttached: z.array(z.string()),
});

export const removeExtraIsbnBody = z.object({ bookId: idSchema, isbn: isbnSchema });

/** `dryRun` (the default) only reports; `dryRun=false` imports every row or none. */
export const uploadCatalogQuery = z.object({ dryRun: booleanQuery.default(true) });

export const uploadCatalogResponse = importReportSchema.extend(importChangesShape);
export type UploadCatalogResponse = z.infer<typeof uploadCatalogResponse>;

/** uploadcover's form field, sent BEFORE the file part (the server reads fields up to the file). */
export const uploadCoverFields = z.object({ bookId: idParam });

/** Cover images: sniffed from the bytes (never SVG). */
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const coverFileQuery = z.object({ id: idParam, ...signedLinkFields });

const common = { access: 'books', tag: 'books' } as const;

export const bookRoutes = defineRoutes({
  listBooks: {
    ...common,
    // The practices screen picks a book to filter by and to create on; the
    // audience picker (pop-ups, notifications, mailers) picks books redeemed;
    // the reports pick the book or books they are about; free content finds
    // the book to make free by title or ISBN.
    access: ['books', 'practices', 'popups', 'notifications', 'mail', 'reports', 'free_content'],
    method: 'GET',
    path: '/book/getisbn',
    spec: true,
    summary: 'Books, searchable by ISBN (prefix) or title, filtered by grade, subject, status',
    query: bookListQuery,
    response: paginated(bookSchema),
  },
  createBook: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/createbookcontent',
    spec: true,
    summary: 'Create a book (ISBN-10 accepted, stored as ISBN-13; 409 when the ISBN is taken)',
    body: createBookBody,
    response: bookSchema,
  },
  getBook: {
    ...common,
    method: 'GET',
    path: '/book/getbook',
    summary: 'One book with its extra ISBNs',
    query: z.object({ id: idParam }),
    response: bookSchema,
  },
  editBook: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/editbook',
    summary: "Edit a book's ISBN, title, grade, subject, series, edition, language or status",
    body: editBookBody,
    response: bookSchema,
  },
  changeBookStatus: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/changebookstatus',
    summary: 'Set the status of several books at once (all or none)',
    body: changeBookStatusBody,
    response: okSchema.extend({ updated: z.number().int() }),
  },
  appendIsbns: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/appendmultipleisbn',
    spec: true,
    summary:
      'Attach extra ISBNs to a book (409 if one belongs to another book; its own are reported)',
    body: appendIsbnsBody,
    response: appendIsbnsResponse,
  },
  removeExtraIsbn: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/removeextraisbn',
    summary: 'Detach one extra ISBN from a book',
    body: removeExtraIsbnBody,
    response: bookSchema,
  },
  downloadBooks: {
    ...common,
    method: 'GET',
    path: '/book/downloadbooks',
    summary: "The list's books (same search, filters and sort) as XLSX",
    query: bookDownloadQuery,
    download: true,
  },
  uploadCatalog: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/uploadbookcatalog',
    spec: true,
    summary:
      'Import books from an XLSX catalogue (multipart, field "file"): a row with the export\'s ID, or with an ISBN a book already has, updates that book, and one changed since the export (its Updated at) is a problem; other rows create books. A dry run reports every bad cell as { row, column, message } and every change as { row, column, from, to }; dryRun=false imports all rows or none',
    query: uploadCatalogQuery,
    response: uploadCatalogResponse,
    upload: XLSX_UPLOAD,
  },
  uploadCover: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/uploadcover',
    summary:
      'Set or replace a book\'s cover: multipart, field bookId before the field "file" (PNG, JPEG or WebP by content; 415 otherwise, 413 over UPLOAD_MAX_IMAGE_MB); the old cover file is removed',
    response: bookSchema,
    upload: { field: 'file', kinds: ['image'], fields: uploadCoverFields },
  },
  removeCover: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/removecover',
    summary: "Remove a book's cover (its file goes with it); a book without one is answered as is",
    body: idBody,
    response: bookSchema,
  },
  coverFile: {
    access: 'public',
    tag: 'books',
    method: 'GET',
    path: '/book/coverfile',
    summary:
      "A book's cover image through the signed coverUrl of getbook/getisbn; 403 when the link is invalid or expired",
    query: coverFileQuery,
    download: true,
  },
  catalogTemplate: {
    ...common,
    method: 'GET',
    path: '/book/bookcatalogtemplate',
    summary: 'The XLSX template of uploadbookcatalog: its headers and one example row',
    download: true,
  },
});
