import type { ErrorCode, QuestionImportFormat } from '@bo/contract';
import { AppError } from '../../../lib/errors.ts';
import type { StoredUpload } from '../../../lib/import/stored-file.ts';
import {
  type ReadOptions,
  type RowSource,
  readSheet,
  rowsSource,
  sheetSource,
  withBatches,
} from '../../../lib/import/xlsx/read.ts';
import { inspectZip, isZip, type ZipInput, type ZipLimits } from '../../../lib/import/xlsx/zip.ts';
import { decodeTextFile } from '../../../lib/text-encoding.ts';
import { looksLikeAiken, parseAiken } from './aiken.ts';
import { looksLikeGift, parseGift } from './gift.ts';
import { type ImagePlan, planImages } from './images.ts';
import { looksLikeMoodle, parseMoodle } from './moodle.ts';
import { relativeImages } from './moodle-export.ts';
import { isQtiPackage, looksLikeQti, parseQtiItem, parseQtiPackage } from './qti/read-package.ts';
import { MAX_TEXT_QUESTIONS, type Note, type ParsedFile, sheetOf } from './rows.ts';
import { type QuestionColumns, questionSheet } from './sheet.ts';

/**
 * Any accepted question file as the rows of the question sheet: the format
 * is the one the request names, or told from the content (a zip holding a
 * workbook's parts is an XLSX, any other zip a ZIP of a workbook and its
 * images; text starting with <?xml or <quiz is Moodle XML; GIFT's markers;
 * Aiken's ANSWER: lines; a zip with imsmanifest.xml, or XML whose root is
 * a QTI item, is QTI). Notes (what was skipped on purpose) and the
 * images to store on commit come back beside the rows. An XLSX is streamed
 * from the file store (its rows are read as the import takes them); the
 * other formats are small enough to read whole, and a ZIP's images are
 * planned on every row before the check.
 */
export interface ReadQuestions {
  source: RowSource<QuestionColumns>;
  format: QuestionImportFormat;
  notes: Note[];
  images: ImagePlan;
}

const refused = (code: ErrorCode, message: string) => new AppError(400, code, message);
/**
 * A workbook's zip has the parts [Content_Types].xml and xl/workbook.xml,
 * read from its central directory (nothing is unpacked). Looking for the
 * names anywhere in the bytes took a ZIP whose workbook is stored
 * uncompressed (zip -0) for a workbook: the inner workbook's names are in
 * the clear there, and the ZIP was refused as "The workbook has no sheet".
 */
async function zipKind(file: ZipInput, limits: ZipLimits): Promise<QuestionImportFormat> {
  const names = (await inspectZip(file, limits, () => 'stream')).map((e) => e.name);
  if (names.includes('[Content_Types].xml') && names.includes('xl/workbook.xml')) return 'xlsx';
  return isQtiPackage(names) ? 'qti' : 'zip';
}

/** The format of a file: `head` is its first 4 bytes, `text` the whole file decoded. */
export async function detectFormat(
  file: ZipInput,
  head: Buffer,
  text: () => Promise<string>,
  limits: ZipLimits,
): Promise<QuestionImportFormat> {
  if (isZip(head)) return zipKind(file, limits);
  const t = await text();
  if (looksLikeQti(t)) return 'qti';
  if (looksLikeMoodle(t)) return 'moodle';
  if (looksLikeAiken(t)) return 'aiken';
  if (looksLikeGift(t)) return 'gift';
  throw refused(
    'unknown_format',
    'The file is not a question file this import reads: send an XLSX (see the template), a ZIP of an XLSX and its images, Moodle XML, GIFT, Aiken, or QTI (a content package or an item)',
  );
}

export async function readQuestionFile(
  file: StoredUpload,
  opts: ReadOptions & { format?: QuestionImportFormat; publicBaseUrl: string; zipMaxBytes: number },
): Promise<ReadQuestions> {
  let text: string | null = null;
  // Only the text formats and a ZIP of images are read whole.
  const asText = async () => (text ??= decodeTextFile(await file.bytes()));
  const head = await file.read(0, 4);
  const format = opts.format ?? (await detectFormat(file, head, asText, opts.limits));
  const none: ImagePlan = new Map();
  if (format === 'xlsx') {
    const source = withoutFiles(sheetSource(file, questionSheet, opts));
    return { source, format, notes: [], images: none };
  }
  if (format === 'zip') return readZip(await file.bytes(), opts);
  if (isZip(head) && format !== 'qti')
    throw refused('wrong_format', `This is a zip archive, not a ${format} file`);
  const parsed: ParsedFile & { files?: Map<string, Buffer> } =
    format === 'qti'
      ? isZip(head)
        ? await parseQtiPackage(await file.bytes(), {
            ...opts.limits,
            maxUncompressedBytes: opts.limits.maxUncompressedBytes + opts.zipMaxBytes,
          })
        : parseQtiItem(await asText())
      : format === 'moodle'
        ? parseMoodle(await asText())
        : format === 'gift'
          ? parseGift(await asText())
          : parseAiken(await asText());
  if (parsed.drafts.length > MAX_TEXT_QUESTIONS) {
    throw new AppError(
      413,
      'too_many_questions',
      `The file has more than ${MAX_TEXT_QUESTIONS} questions; split it into smaller files`,
    );
  }
  if (format === 'moodle') {
    // Our own export writes image addresses as absolute URLs: back to the stored form.
    for (const d of parsed.drafts) {
      const q = d.question;
      const fix = (s: string | null | undefined) => (s ? relativeImages(s, opts.publicBaseUrl) : s);
      q.stem = fix(q.stem)!;
      q.explanation = fix(q.explanation);
      q.modelAnswer = fix(q.modelAnswer);
      q.options = q.options?.map((o) => ({ ...o, html: fix(o.html)! }));
    }
  }
  opts.onProgress?.(parsed.drafts.length);
  const read = sheetOf(parsed);
  const files = new Map([...(parsed.files ?? [])].map(([n, b]) => [n.toLowerCase(), b]));
  const images = await planImages(read.rows, files, read.errors, 'the file');
  return { source: rowsSource(read), format, notes: parsed.notes, images };
}

/** A ZIP of one workbook and its images: the zip guarded, then the workbook read. */
async function readZip(
  bytes: Buffer,
  opts: ReadOptions & { zipMaxBytes: number },
): Promise<ReadQuestions> {
  const limits = {
    ...opts.limits,
    maxUncompressedBytes: opts.limits.maxUncompressedBytes + opts.zipMaxBytes,
  };
  const entries = (await inspectZip(bytes, limits, () => true)).filter(
    (e) => !e.name.endsWith('/') && !/(^|\/)(__MACOSX|\.)/.test(e.name),
  );
  const sheets = entries.filter((e) => e.name.toLowerCase().endsWith('.xlsx'));
  if (sheets.length !== 1) {
    throw refused(
      'zip_needs_one_sheet',
      sheets.length === 0
        ? 'The ZIP holds no .xlsx workbook: put the filled-in template and its images in it'
        : `The ZIP holds ${sheets.length} .xlsx workbooks; it must hold exactly one`,
    );
  }
  const read = await readSheet(sheets[0]!.data!, questionSheet, opts);
  const files = new Map(
    entries
      .filter((e) => e !== sheets[0])
      .map((e) => [e.name.split('/').at(-1)!.toLowerCase(), e.data!]),
  );
  const images = await planImages(read.rows, files, read.errors, 'the ZIP');
  return { source: rowsSource(read), format: 'zip', notes: [], images };
}

/**
 * An XLSX alone carries no image files: a cell's `<img src="figure1.png">`
 * is a problem of its row in the dry run (the sanitiser would otherwise
 * drop the picture without a word). Checked batch by batch as the sheet
 * streams, by the same check a ZIP's images go through.
 */
function withoutFiles(source: RowSource<QuestionColumns>): RowSource<QuestionColumns> {
  const none = new Map<string, Buffer>();
  return withBatches(source, async function* (size) {
    for await (const batch of source.batches(size)) {
      await planImages(
        batch,
        none,
        source.errors,
        'the upload: an XLSX alone carries no images; send a ZIP of the workbook and its images',
      );
      yield batch;
    }
  });
}
