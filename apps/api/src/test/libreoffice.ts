import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseCsv } from './csv.ts';

/**
 * LibreOffice Calc, headless, as an administrator's office suite: it opens
 * the product's XLSX downloads and saves the workbooks a test sends back, so
 * the import reads a file that another program wrote. Cells travel as CSV
 * text in between (every column typed Text on the way back, as a person
 * keeps an ISBN or a time from being turned into a number).
 */
export const SOFFICE = '/usr/bin/soffice';
export const hasLibreOffice = () => existsSync(SOFFICE);

const run = promisify(execFile);

async function convert(input: string, to: string, outDir: string, infilter?: string) {
  // A profile of its own: two suites at once must not share LibreOffice's lock.
  const profile = `-env:UserInstallation=file://${path.join(outDir, 'profile')}`;
  const args = [profile, '--headless', '--norestore'];
  if (infilter) args.push(`--infilter=${infilter}`);
  await run(SOFFICE, [...args, '--convert-to', to, '--outdir', outDir, input], {
    timeout: 120_000,
  });
}

/** A workbook's first sheet as LibreOffice reads it: rows of cell texts. */
export async function readWithLibreOffice(xlsx: Buffer): Promise<string[][]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bo-lo-'));
  try {
    await writeFile(path.join(dir, 'in.xlsx'), xlsx);
    // Comma-separated, double quotes, UTF-8 (76), from the first line.
    await convert(path.join(dir, 'in.xlsx'), 'csv:Text - txt - csv (StarCalc):44,34,76,1', dir);
    return parseCsv(await readFile(path.join(dir, 'in.csv'), 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Rows of cell texts saved by LibreOffice as an XLSX workbook, every cell Text. */
export async function saveWithLibreOffice(rows: string[][]): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bo-lo-'));
  try {
    const csv = rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\n');
    await writeFile(path.join(dir, 'edited.csv'), `${csv}\n`);
    const width = Math.max(...rows.map((r) => r.length));
    const asText = Array.from({ length: width }, (_, i) => `${i + 1}/2`).join('/');
    await convert(path.join(dir, 'edited.csv'), 'xlsx', dir, `CSV:44,34,76,1,${asText}`);
    return await readFile(path.join(dir, 'edited.xlsx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A whole workbook, every sheet, opened by LibreOffice and saved again as
 * XLSX after `edit` changed its own flat-XML form (FODS: each cell's text
 * is a `<text:p>`), as a person would edit several sheets of one download.
 */
export async function editWorkbookWithLibreOffice(
  xlsx: Buffer,
  edit: (fods: string) => string,
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bo-lo-'));
  try {
    await writeFile(path.join(dir, 'in.xlsx'), xlsx);
    await convert(path.join(dir, 'in.xlsx'), 'fods', dir);
    const fods = await readFile(path.join(dir, 'in.fods'), 'utf8');
    await writeFile(path.join(dir, 'edited.fods'), edit(fods));
    await convert(path.join(dir, 'edited.fods'), 'xlsx', dir);
    return await readFile(path.join(dir, 'edited.xlsx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
