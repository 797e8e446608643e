import type { Node } from './moodle-xml.ts';

/**
 * The files a Moodle XML question carries, as Moodle reads them: each
 * `<file name path encoding="base64">` of the question (its text areas have
 * their own files, so two questions may both hold an "image.png" that
 * differ), and Moodle 1.9's `<image>` + `<image_base64>`, which Moodle's
 * own import stores and shows after the question text as
 * ` <img src="@@PLUGINFILE@@/name" />` (a "/" in the name becomes "_").
 *
 * An image shown with `<img src="@@PLUGINFILE@@/…">` is kept: the
 * reference becomes a name of this question alone, and the image is then
 * checked and stored like a ZIP's images (images.ts). Any other use of a
 * file (an `<audio>`, a `<video>`, a link to a PDF) is a problem of the
 * question naming the file: the bank keeps images only, and a question
 * whose sound or document was dropped would be stored wrongly. A file the
 * texts never use, and a 1.9 `<image>` without its data, are named in a
 * note: nothing is dropped without a word.
 */

const PLUGINFILE = '@@PLUGINFILE@@/';
const IMG_PLUGIN_SRC = /(<img\b[^>]*?\bsrc\s*=\s*)(["'])@@PLUGINFILE@@\/([^"']*)\2/gi;
const OTHER_USE = /<([a-z][a-z0-9]*)\b[^>]*?@@PLUGINFILE@@\/([^"'\s>]*)/gi;

const str = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : '';
const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export interface QuestionFiles {
  /** A text with its images' references made this question's own names. */
  text(html: string): string;
  /** The question text with Moodle 1.9's picture shown after it, as Moodle does. */
  stem(html: string): string;
  /** The files by the names `text` gave them (lowercased, as the image check looks them up). */
  files: Map<string, Buffer>;
  /** Files used other than as an image: the question cannot be kept whole. */
  problems(): string[];
  /** Files carried but never shown, and 1.9 pictures without data. */
  notes(): string[];
}

/** Every base64 `<file>` under a node, by its path and name ("sub/a.png"). */
function collect(node: unknown, into: Map<string, Buffer>) {
  if (Array.isArray(node)) for (const n of node) collect(n, into);
  else if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node as Node)) {
      if (k === 'file' && Array.isArray(v)) {
        for (const f of v as Node[]) {
          if (str(f['@encoding']) !== 'base64' || !f['@name']) continue;
          const path = str(f['@path']).replace(/^\/+/, '');
          into.set(path + str(f['@name']), Buffer.from(str(f['#text']), 'base64'));
        }
      } else if (typeof v === 'object') collect(v, into);
    }
  }
}

export function questionFiles(q: Node, number: number): QuestionFiles {
  const carried = new Map<string, Buffer>();
  collect(q, carried);
  const notes: string[] = [];
  const problems = new Set<string>();
  const used = new Set<string>();
  const label = `Question ${number}`;
  // Moodle 1.9: <image>name</image><image_base64>data</image_base64> beside the question text.
  const oldName = str(q.image).trim();
  const oldData = str(q.image_base64).replace(/\s+/g, '');
  let picture = '';
  if (oldName && oldData) {
    const name = oldName.replace(/\//g, '_');
    carried.set(name, Buffer.from(oldData, 'base64'));
    picture = ` <img src="${PLUGINFILE}${encodeURIComponent(name)}" />`;
  } else if (oldName) {
    notes.push(
      `${label} names the picture "${oldName}" (Moodle 1.9 <image>) without its data (<image_base64>); it is not imported`,
    );
  }
  const own = (path: string) => `moodle-${number}-${path.replace(/[\\/]/g, '_')}`;
  const files = new Map<string, Buffer>();
  const text = (html: string) => {
    const kept = html.replace(IMG_PLUGIN_SRC, (_, lead: string, quote: string, src: string) => {
      const path = decode(src);
      used.add(path);
      const bytes = carried.get(path);
      if (bytes) files.set(own(path).toLowerCase(), bytes);
      // A file not carried keeps a name the image check reports as missing.
      return `${lead}${quote}${encodeURIComponent(own(path))}${quote}`;
    });
    for (const m of kept.matchAll(OTHER_USE)) {
      const path = decode(m[2]!);
      used.add(path);
      problems.add(
        `${label} uses the file "${path}" in <${m[1]!.toLowerCase()}>: the question bank keeps only images (PNG, JPEG, WebP, GIF) shown with <img>, so the question is not imported; take the file out of the question, or keep it in Moodle`,
      );
    }
    return kept;
  };
  return {
    text,
    stem: (html) => text(html + picture),
    files,
    problems: () => [...problems],
    notes: () => [
      ...notes,
      ...[...carried.keys()]
        .filter((path) => !used.has(path))
        .map(
          (path) =>
            `${label} carries the file "${path}", which none of its texts shows; it is not imported`,
        ),
    ],
  };
}
