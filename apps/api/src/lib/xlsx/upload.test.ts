import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildZip } from '../../test/zip-writer.ts';
import { parseXlsxImport } from './import.ts';
import { readXlsxUpload } from './upload.ts';

/** The import's HTTP edge: a dry run over a real multipart upload. */

let t: TestApp;
const COLUMNS = [{ key: 'title', header: 'Title', required: true, schema: z.string().min(2) }];

beforeAll(async () => {
  t = await createTestApp(
    { UPLOAD_MAX_XLSX_MB: '0.5' },
    {
      beforeReady: (app) => {
        app.post('/api/test/import', async (req) => {
          const bytes = await readXlsxUpload(req, app.deps.config.uploadMaxBytes.xlsx);
          const parsed = await parseXlsxImport(bytes, COLUMNS, {
            limits: app.deps.config.xlsxLimits,
          });
          return parsed.report;
        });
      },
    },
  );
});
afterAll(() => t?.close());

async function send(bytes: Buffer, name = 'import.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/test/import',
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  });
}

describe('xlsx import over HTTP', () => {
  it('answers the dry-run report', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    for (const r of [['title'], ['ok'], ['x'], ['fine']]) ws.addRow(r);
    const res = await send(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rows: 3,
      valid: 2,
      errors: [{ row: 3, column: 'Title', message: expect.any(String) }],
    });
  });

  it('refuses non-zip bytes with 415, a zip bomb with 413, a big file with 413', async () => {
    const html = await send(Buffer.from('<html><body>not a sheet</body></html>'));
    expect(html.statusCode).toBe(415);
    expect(html.json().code).toBe('unsupported_media_type');
    const bomb = await send(
      buildZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024) }]),
    );
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().code).toBe('xlsx_too_large');
    const big = await send(Buffer.alloc(600 * 1024, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('file_too_large');
  });
});
