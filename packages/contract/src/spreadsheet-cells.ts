/**
 * Formula injection (docs/security.md item 20), one rule for every workbook
 * the server or the web writes: a text that a spreadsheet would read as a
 * formula once the cell is edited or the sheet is saved as CSV (leading `=`,
 * `+`, `-`, `@`, tab, CR, LF or NUL) gets a leading single quote, which the
 * importers strip again, so an export re-imports unchanged.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: tab, CR, LF and NUL are the dangerous leads
export const FORMULA_LEAD = /^[=+\-@\t\r\n\u0000]/;

export const escapeFormulaText = (text: string): string =>
  FORMULA_LEAD.test(text) ? `'${text}` : text;

export const unescapeFormulaText = (text: string): string =>
  text.startsWith("'") && FORMULA_LEAD.test(text.slice(1)) ? text.slice(1) : text;
