import { Readable } from 'node:stream';
import type { ImportError } from '@bo/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { Tx } from '../../../db/client.ts';
import { questionImages } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { IMAGE_EXTENSIONS, publicKey } from '../../../lib/public-images.ts';
import type { SheetRow } from '../../../lib/xlsx/sheet.ts';
import { questionImageUrl } from '../questions.images.ts';
import { header, OPTION_KEYS, type QuestionColumns } from './sheet.ts';

/**
 * Images brought by an import: the files of a ZIP beside its workbook, or
 * the base64 files of a Moodle XML (@@PLUGINFILE@@). A text cell refers to
 * one by its file name, `<img src="figure1.png">`. While the file is read,
 * each reference is checked (the file is there, and is a PNG, JPEG, WebP or
 * GIF by its content; a missing or non-image file is a problem of its row)
 * and replaced by a placeholder address of the form the sanitiser keeps
 * (`/api/questions/image?key=import-3.png`), so the check sees the text as
 * it will be stored. Only a commit stores the images (file store +
 * question_images row) and puts their real addresses in place.
 */

const IMG_SRC = /(<img\b[^>]*?\bsrc\s*=\s*)(["'])([^"']*)\2/gi;
const PLACEHOLDER = /\/api\/questions\/image\?key=(import-\d+\.(?:png|jpg|webp|gif))/g;

const RICH_KEYS = [
  'stem',
  ...OPTION_KEYS,
  'modelAnswer',
  'explanation',
] as const satisfies readonly (keyof QuestionColumns)[];

/** A reference to a file of the upload: a bare or relative name, not an address. */
const isFileName = (src: string) => src !== '' && !/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(src);
const baseName = (name: string) => name.split(/[\\/]/).at(-1)!.toLowerCase();

export interface PlannedImage {
  bytes: Buffer;
  contentType: string;
}

/** The images of one import run, by placeholder key. */
export type ImagePlan = Map<string, PlannedImage>;

/**
 * Checks and replaces the file references of every rich-text cell; answers
 * the plan of the images to store on commit. `files` is keyed by lowercased
 * base name (a ZIP's folders do not matter).
 */
export async function planImages(
  rows: SheetRow<QuestionColumns>[],
  files: Map<string, Buffer>,
  errors: ImportError[],
  where: string,
): Promise<ImagePlan> {
  const plan: ImagePlan = new Map();
  const byName = new Map<string, string>();
  const types = new Map<string, string | null>();
  for (const row of rows) {
    for (const key of RICH_KEYS) {
      const value = row.values[key];
      if (!value || !/<img\b/i.test(value)) continue;
      const found: { name: string; placeholder: string | null }[] = [];
      for (const m of value.matchAll(IMG_SRC)) {
        const src = m[3]!;
        if (!isFileName(src)) continue;
        const name = baseName(decodeURIComponent(src.replace(/%(?![0-9a-f]{2})/gi, '%25')));
        const bytes = files.get(name);
        const problem = (message: string) =>
          errors.push({ row: row.row, column: header(key), message });
        if (!bytes) {
          problem(`The image "${src}" is not in ${where}`);
          found.push({ name, placeholder: null });
          continue;
        }
        if (!types.has(name)) {
          const mime = (await fileTypeFromBuffer(bytes))?.mime ?? '';
          types.set(name, IMAGE_EXTENSIONS[mime] ? mime : null);
        }
        const contentType = types.get(name);
        if (!contentType) {
          problem(`"${src}" is not a PNG, JPEG, WebP or GIF image`);
          found.push({ name, placeholder: null });
          continue;
        }
        let placeholder = byName.get(name);
        if (!placeholder) {
          placeholder = `import-${plan.size + 1}.${IMAGE_EXTENSIONS[contentType]}`;
          byName.set(name, placeholder);
          plan.set(placeholder, { bytes, contentType });
        }
        found.push({ name, placeholder });
      }
      if (!found.length) continue;
      let i = 0;
      row.values[key] = value.replace(
        IMG_SRC,
        (whole, lead: string, quote: string, src: string) => {
          if (!isFileName(src)) return whole;
          const hit = found[i++];
          return hit?.placeholder
            ? `${lead}${quote}/api/questions/image?key=${hit.placeholder}${quote}`
            : whole;
        },
      );
    }
  }
  return plan;
}

/**
 * On commit, inside the import's transaction: stores each planned image,
 * records it in question_images, and answers a function that puts the real
 * addresses in place of the placeholders. Stored files are listed in
 * `stored` so the caller can delete them if the transaction rolls back.
 */
export async function storeImages(
  deps: Deps,
  tx: Tx,
  plan: ImagePlan,
  actorId: number | null,
  stored: string[],
): Promise<(html: string) => string> {
  const real = new Map<string, string>();
  for (const [placeholder, image] of plan) {
    const file = await deps.storage.put(Readable.from([image.bytes]), {
      contentType: image.contentType,
    });
    stored.push(file.key);
    await tx.insert(questionImages).values({
      fileKey: file.key,
      contentType: image.contentType,
      bytes: file.size,
      createdBy: actorId,
    });
    real.set(placeholder, publicKey(file.key, image.contentType));
  }
  return (html) =>
    html.replace(PLACEHOLDER, (whole, key: string) =>
      real.has(key) ? questionImageUrl(real.get(key)!) : whole,
    );
}
