import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError } from '../../errors.ts';
import { streamEntry, type ZipEntry } from './zip.ts';

/**
 * The parts of an XLSX workbook around its sheet, read for sheet-xml.ts:
 * which part is the first sheet, the date system, which cell styles are
 * dates, and the shared strings (streamed, kept compact).
 */

export const corruptXlsx = () =>
  new AppError(400, 'xlsx_corrupt', 'The file could not be read as an XLSX workbook');

/**
 * The shared strings, compact: their UTF-8 bytes end to end in one buffer
 * and where each ends. A file's every distinct text is here (10 MB of XML
 * for the 50,000-question bench file); as JS strings cut from the parsed
 * XML they kept the XML itself alive.
 */
export class TextTable {
  private bytes = Buffer.alloc(64 * 1024);
  private ends: number[] = [];
  private used = 0;

  push(text: string): void {
    const size = Buffer.byteLength(text);
    if (this.used + size > this.bytes.length) {
      const grown = Buffer.alloc(Math.max(this.bytes.length * 2, this.used + size));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
    this.ends.push(this.used);
  }

  at(index: number): string | undefined {
    if (!(index >= 0 && index < this.ends.length)) return undefined;
    return this.bytes.toString('utf8', index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }
}

export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Runs saxes over a whole small part; `on` sees each tag as it opens and closes. */
export function walk(xml: Buffer, on: (tag: SaxesTagPlain, open: boolean) => void): void {
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag) => on(tag as SaxesTagPlain, true));
  parser.on('closetag', (tag) => on(tag as SaxesTagPlain, false));
  parser.on('error', () => {
    throw corruptXlsx();
  });
  parser.write(xml.toString('utf8')).close();
}

/** The sheets' names, in the workbook's order. */
export function sheetNamesOf(workbook?: Buffer): string[] {
  const names: string[] = [];
  if (workbook) {
    walk(workbook, (tag, open) => {
      if (open && localName(tag.name) === 'sheet') names.push(tag.attributes.name ?? '');
    });
  }
  return names;
}

/**
 * The part of the first sheet, or of the sheet named `name` (through its
 * relationship), and the date system.
 */
export function parseWorkbook(workbook?: Buffer, rels?: Buffer, name?: string) {
  let rId: string | undefined;
  let date1904 = false;
  let named = false;
  if (workbook) {
    walk(workbook, (tag, open) => {
      if (!open) return;
      const tagName = localName(tag.name);
      if (tagName === 'workbookPr') {
        const v = tag.attributes.date1904;
        date1904 = v === '1' || v === 'true';
      } else if (tagName === 'sheet' && rId === undefined) {
        if (name !== undefined && tag.attributes.name !== name) return;
        named = name !== undefined;
        const key = Object.keys(tag.attributes).find((k) => k !== 'id' && localName(k) === 'id');
        rId = key ? tag.attributes[key] : undefined;
      }
    });
  }
  let sheetPath: string | undefined;
  if (rels && rId !== undefined) {
    walk(rels, (tag, open) => {
      if (open && localName(tag.name) === 'Relationship' && tag.attributes.Id === rId) {
        const target = tag.attributes.Target ?? '';
        sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      }
    });
  }
  return { sheetPath, date1904, named };
}

/** The workbook's first sheet; without a readable workbook part, the lowest-numbered sheet. */
export function firstSheetEntry(entries: ZipEntry[], path?: string): ZipEntry | undefined {
  if (path) {
    const named = entries.find((e) => e.name === path);
    if (named) return named;
  }
  const number = (e: ZipEntry) => Number(e.name.match(/^xl\/worksheets\/sheet(\d+)\.xml$/)?.[1]);
  return entries.filter((e) => !Number.isNaN(number(e))).sort((a, b) => number(a) - number(b))[0];
}

/** Each shared string as its text: rich-text runs joined, phonetic hints (rPh) left out. */
export async function sharedStrings(entry: ZipEntry): Promise<TextTable> {
  const strings = new TextTable();
  const parser = new SaxesParser({ xmlns: false });
  let current: string[] | null = null;
  let inT = false;
  let inPhonetic = false;
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') current = [];
    else if (name === 'rPh') inPhonetic = true;
    else if (name === 't') inT = !inPhonetic;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') {
      strings.push(current?.join('') ?? '');
      current = null;
    } else if (name === 'rPh') inPhonetic = false;
    else if (name === 't') inT = false;
  });
  const text = (t: string) => {
    if (inT && current) current.push(t);
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('error', () => {
    throw corruptXlsx();
  });
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of streamEntry(entry))
    parser.write(decoder.decode(chunk, { stream: true }));
  parser.write(decoder.decode()).close();
  return strings;
}

/** Built-in number formats that are dates or times (ECMA-376 18.8.30). */
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/** A custom format is a date when, outside quotes and brackets, it holds a date or time letter (as exceljs decides). */
const isDateFormat = (code: string) =>
  /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** The cell styles (index in cellXfs) whose number format is a date. */
export function dateStyles(xml?: Buffer): Set<number> {
  const dates = new Set<number>();
  if (!xml) return dates;
  const custom = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  walk(xml, (tag, open) => {
    const name = localName(tag.name);
    if (name === 'cellXfs') inCellXfs = open;
    else if (open && name === 'numFmt') {
      custom.set(Number(tag.attributes.numFmtId), tag.attributes.formatCode ?? '');
    } else if (open && name === 'xf' && inCellXfs) {
      xfFormats.push(Number(tag.attributes.numFmtId ?? 0));
    }
  });
  xfFormats.forEach((id, index) => {
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id)) dates.add(index);
  });
  return dates;
}
