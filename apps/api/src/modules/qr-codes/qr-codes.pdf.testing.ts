import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { QrLayout } from '@bo/contract';
import { GRIDS } from './qr-codes.pdf.ts';

/**
 * Reads a printed PDF as paper is read: poppler renders it (pdftoppm) and
 * ZBar decodes the symbols (zbarimg), as a phone would; pdftotext gives each
 * page's words. All three come from Debian (poppler-utils, zbar-tools).
 */

/**
 * Each label cut out of its page at 150 dpi (as a phone frames one label)
 * and read: ZBar reading a whole sheet of 21 symbols at once misses one now
 * and then, which says nothing about the print.
 */
export function decodePdf(
  pdf: Buffer,
  layout: QrLayout,
): { pages: number; texts: string[]; pageTexts: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'qr-print-'));
  const run = (cmd: string, args: string[]) =>
    execFileSync(cmd, args, {
      cwd: dir,
      encoding: 'utf8',
      // zbarimg complains on stderr about a missing D-Bus; harmless.
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  try {
    writeFileSync(path.join(dir, 'labels.pdf'), pdf);
    const pages = Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', ['labels.pdf']))![1]);
    const { columns, rows } = GRIDS[layout];
    const [width, height] = [1240, 1754]; // A4 at 150 dpi
    const [w, h] = [Math.floor(width / columns), Math.floor(height / rows)];
    for (let page = 1; page <= pages; page++) {
      for (let cell = 0; cell < columns * rows; cell++) {
        const [x, y] = [(cell % columns) * w, Math.floor(cell / columns) * h];
        const crop = ['-x', `${x}`, '-y', `${y}`, '-W', `${w}`, '-H', `${h}`];
        const at = ['-f', `${page}`, '-l', `${page}`, '-singlefile'];
        run('pdftoppm', [
          '-r',
          '150',
          '-gray',
          '-png',
          ...at,
          ...crop,
          'labels.pdf',
          `l-${page}-${cell}`,
        ]);
      }
    }
    const images = readdirSync(dir).filter((f) => f.endsWith('.png'));
    let out = '';
    try {
      out = run('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', ...images]);
    } catch (err) {
      // zbarimg exits 4 when some image holds no symbol (the empty cells of a last page).
      out = String((err as { stdout?: string }).stdout ?? '');
    }
    // Each page's words, read from the page itself (-layout keeps a line whole).
    const pageTexts = Array.from({ length: pages }, (_, i) =>
      run('pdftotext', ['-layout', '-f', `${i + 1}`, '-l', `${i + 1}`, 'labels.pdf', '-']),
    );
    return { pages, texts: out.split('\n').filter(Boolean), pageTexts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
