import { deflateSync } from 'node:zlib';
import type { QrLayout } from '@bo/contract';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';

/**
 * Print-ready labels on A4: each holds the QR symbol drawn as vector
 * rectangles (crisp at any printer resolution), its code in text under it,
 * then the ISBN and the TOC path or video title. Error correction Q (a
 * quarter of the symbol may be smudged or torn); at least 4 modules of
 * white on every side (the quiet zone readers need).
 */

export interface Label {
  code: string;
  url: string;
  /** The ISBN, or "Video" for a video's code. */
  line1: string;
  /** TOC path or title; may be empty. */
  line2: string;
}

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };

interface Grid {
  columns: number;
  rows: number;
  /** Side of the QR symbol (modules only, without the quiet zone). */
  symbol: number;
  codeSize: number;
  textSize: number;
}

export const GRIDS: Record<QrLayout, Grid> = {
  '21': { columns: 3, rows: 7, symbol: 20 * MM, codeSize: 10, textSize: 6.5 },
  '14': { columns: 2, rows: 7, symbol: 22 * MM, codeSize: 11, textSize: 7.5 },
  '1': { columns: 1, rows: 1, symbol: 90 * MM, codeSize: 28, textSize: 14 },
};

/** Runs of dark modules per row, so a symbol is tens of rectangles, not hundreds. */
function darkRuns(url: string) {
  // One byte-mode segment: qrcode's search for the shortest mix of modes costs more than it saves here.
  const qr = QRCode.create([{ data: Buffer.from(url), mode: 'byte' }], {
    errorCorrectionLevel: 'Q',
  });
  const { size, data } = qr.modules;
  const runs: { row: number; col: number; length: number }[] = [];
  for (let row = 0; row < size; row++) {
    let start = -1;
    for (let col = 0; col <= size; col++) {
      const dark = col < size && data[row * size + col];
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push({ row, col: start, length: col - start });
        start = -1;
      }
    }
  }
  return { size, runs };
}

/** Text the standard font can write: other characters become "?" (see docs/decisions.md). */
function printable(font: PDFFont, chars: Set<number>, text: string, size: number, width: number) {
  let out = [...text.normalize('NFC')]
    .map((c) => (chars.has(c.codePointAt(0)!) ? c : '?'))
    .join('');
  if (font.widthOfTextAtSize(out, size) <= width) return out;
  // The longest prefix that fits with an ellipsis, by halving.
  let [lo, hi] = [0, out.length];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (font.widthOfTextAtSize(`${out.slice(0, mid)}…`, size) <= width) lo = mid;
    else hi = mid - 1;
  }
  out = out.slice(0, lo);
  return `${out}…`;
}

/**
 * A symbol's rectangles as raw content-stream operators ("x y w h re", one
 * fill): 1,000 labels as pdf-lib operator objects took seconds; as text,
 * compressed once per page, they take a fraction of that.
 */
function symbolOps(
  { size, runs }: ReturnType<typeof darkRuns>,
  x: number,
  top: number,
  side: number,
) {
  const m = side / size;
  const n = (v: number) => v.toFixed(3);
  const rects = runs.map(
    (r) => `${n(x + r.col * m)} ${n(top - (r.row + 1) * m)} ${n(r.length * m)} ${n(m)} re`,
  );
  return { ops: `q 0 g\n${rects.join('\n')}\nf Q\n`, module: m };
}

/** Appends raw operators to a page as a compressed content stream of their own. */
function appendStream(doc: PDFDocument, page: PDFPage, ops: string) {
  if (!ops) return;
  // Node's zlib: several times faster than the pure-JS deflate pdf-lib would use.
  const stream = doc.context.stream(deflateSync(ops), { Filter: 'FlateDecode' });
  page.node.addContentStream(doc.context.register(stream));
}

/** What every page says besides its labels (qr-codes.address.ts). */
export interface SheetNote {
  /** `<PUBLIC_BASE_URL>/q/`: the footer says what the codes open. */
  base: string;
  /** Codes of a local trial: the page says TRIAL_MARK at its top and its foot. */
  trialMark: string | null;
}

/**
 * The footer (and a trial's mark) in the sheet's margins: a grid label is
 * centred in its cell, so a line 3 mm from the edge stays clear of every
 * symbol and its quiet zone.
 */
function drawNote(
  page: PDFPage,
  note: SheetNote,
  fonts: { font: PDFFont; bold: PDFFont },
  fitted: (f: PDFFont, text: string, size: number) => string,
) {
  const line = (f: PDFFont, text: string, size: number, y: number, red: boolean) => {
    const out = fitted(f, text, size);
    page.drawText(out, {
      x: (A4.width - f.widthOfTextAtSize(out, size)) / 2,
      y,
      size,
      font: f,
      color: red ? rgb(0.75, 0, 0) : rgb(0.3, 0.3, 0.3),
    });
  };
  const foot = `Each code opens ${note.base}<code>`;
  if (note.trialMark) {
    line(fonts.bold, note.trialMark, 7, A4.height - 3 * MM - 7, true);
    line(fonts.bold, `${note.trialMark} · ${foot}`, 6, 3 * MM, true);
  } else line(fonts.font, foot, 6, 3 * MM, false);
}

export async function labelsPdf(labels: Label[], layout: QrLayout, title: string, note: SheetNote) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Publisher back-office');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const chars = new Set(font.getCharacterSet());
  const fitted = (f: PDFFont, text: string, size: number) =>
    printable(f, chars, text, size, A4.width - 20 * MM);
  const addPage = () => {
    const added = doc.addPage([A4.width, A4.height]);
    drawNote(added, note, { font, bold }, fitted);
    return added;
  };
  const grid = GRIDS[layout];
  const cellW = A4.width / grid.columns;
  const cellH = A4.height / grid.rows;
  const perPage = grid.columns * grid.rows;
  let page: PDFPage | undefined;
  let pageOps = '';
  labels.forEach((label, i) => {
    if (i % perPage === 0) {
      if (page) appendStream(doc, page, pageOps);
      page = addPage();
      pageOps = '';
    }
    const slot = i % perPage;
    const left = (slot % grid.columns) * cellW;
    const cellTop = A4.height - Math.floor(slot / grid.columns) * cellH;
    const symbol = darkRuns(label.url);
    const quiet = (4 * grid.symbol) / symbol.size;
    const height = 2 * quiet + grid.symbol + grid.codeSize + 2 * 1.25 * grid.textSize;
    // One label per page sits near the top; a grid label is centred in its cell,
    // so the white between labels adds to each symbol's quiet zone.
    const top = layout === '1' ? A4.height - 50 * MM : cellTop - (cellH - height) / 2;
    const symbolTop = top - quiet;
    const drawn = symbolOps(symbol, left + (cellW - grid.symbol) / 2, symbolTop, grid.symbol);
    pageOps += drawn.ops;
    const m = drawn.module;
    let y = symbolTop - grid.symbol - 4 * m - grid.codeSize;
    const centred = (text: string, f: PDFFont, size: number) => {
      const line = printable(f, chars, text, size, cellW - 8);
      page!.drawText(line, {
        x: left + (cellW - f.widthOfTextAtSize(line, size)) / 2,
        y,
        size,
        font: f,
        color: rgb(0, 0, 0),
      });
      y -= size * 1.25;
    };
    centred(label.code, bold, grid.codeSize);
    centred(label.line1, font, grid.textSize);
    if (label.line2) centred(label.line2, font, grid.textSize);
  });
  if (page) appendStream(doc, page, pageOps);
  if (!labels.length) addPage();
  // pdf-lib yields to the event loop every 50 objects by default; a few hundred
  // objects per tick keep the save short without holding the loop for long.
  return Buffer.from(await doc.save({ objectsPerTick: 500 }));
}
