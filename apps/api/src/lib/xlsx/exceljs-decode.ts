import { createRequire } from 'node:module';

/**
 * exceljs 4.4 decodes XML entities twice in the text of `str` and
 * `inlineStr` cells (its readers call `utils.xmlDecode` on text the XML
 * parser, saxes, has already decoded), so a cell holding the text `&lt;b&gt;`
 * is read back as `<b>`: text turns into markup. Our own exports write
 * every string as a `str` cell (the streaming writer without shared
 * strings), so without this an export did not re-import unchanged, and any
 * tool writing inline strings was misread the same way. Every caller of
 * `xmlDecode` in exceljs gets already-decoded text (cell values, formula
 * results, sheet names), so the fix is to make that second decode a no-op.
 * Files from Excel (shared strings) were never affected.
 *
 * Called before a workbook is read (read.ts); throws if exceljs changes
 * shape, so an upgrade is checked rather than silently misreading again
 * (read.test.ts reads both cell kinds).
 */
let done = false;

export function readCellTextOnce(): void {
  if (done) return;
  const require = createRequire(import.meta.url);
  const utils = require('exceljs/lib/utils/utils.js') as { xmlDecode?: unknown };
  if (typeof utils.xmlDecode !== 'function') {
    throw new Error('exceljs no longer has utils.xmlDecode: check lib/xlsx/exceljs-decode.ts');
  }
  utils.xmlDecode = (text: string) => text;
  done = true;
}
