import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendStoredFile } from '../lib/storage/serve.ts';
import { assertFileSignature, signFileUrl } from '../lib/storage/signed-url.ts';
import { receiveUpload, type UploadKind } from '../lib/storage/upload.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { STORAGE_DRIVERS, type StorageUnderTest } from '../test/storage-drivers.ts';

/**
 * docs/security.md item 23: sniffed types, early 413, server-made names, ranges,
 * signed links; the same on every storage driver (local directory, S3 bucket).
 */
const PDF_LIMIT = 10 * 1024;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function multipart(bytes: Buffer, name: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append('file', new Blob([bytes]), name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

describe.each(STORAGE_DRIVERS)('uploads and serving on $name storage', ({ start }) => {
  let t: TestApp;
  let under: StorageUnderTest;
  let server: Promise<AddressInfo> | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-storage-'));

  beforeAll(async () => {
    under = await start(dataDir);
    t = await createTestApp(
      { DATA_DIR: dataDir, UPLOAD_MAX_PDF_MB: String(PDF_LIMIT / 1024 / 1024), ...under.env },
      {
        beforeReady: (app) => {
          app.post<{ Params: { kind: UploadKind } }>('/api/test/upload/:kind', async (req) => {
            const kind = req.params.kind;
            const { file, fields } = await receiveUpload(
              req,
              app.deps.storage,
              { field: 'file', kinds: [kind] },
              app.deps.config.uploadMaxBytes,
            );
            return { ...file, fields };
          });
          app.get<{ Querystring: { key: string; name?: string } }>('/api/test/file', (req, reply) =>
            sendStoredFile(req, reply, app.deps.storage, {
              key: req.query.key,
              fileName: req.query.name ?? 'file.pdf',
              disposition: 'inline',
            }),
          );
          app.get<{ Querystring: { key: string; exp?: string; sig?: string } }>(
            '/api/test/signed',
            (req, reply) => {
              assertFileSignature(app.deps, req.query.key, req.query);
              return sendStoredFile(req, reply, app.deps.storage, {
                key: req.query.key,
                fileName: 'media',
              });
            },
          );
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    await under?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (kind: string, bytes: Buffer, name: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/test/upload/${kind}`,
      ...(await multipart(bytes, name)),
    });

  /** Everything the store holds, metadata and partial uploads included. */
  const storedFiles = async () => under.files();

  describe('uploads', () => {
    it('stores a real PDF under a server-made key whatever its name', async () => {
      const res = await upload('pdf', PDF, '../../x.pdf');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
      expect(body.key.startsWith(`${body.key.slice(6, 8)}/${body.key.slice(8, 10)}/`)).toBe(true);
      expect(body).toMatchObject({
        size: PDF.length,
        contentType: 'application/pdf',
        originalName: 'x.pdf',
      });
      expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(await storedFiles()).toContain(body.key);
      expect((await storedFiles()).some((f) => f.includes('x.pdf') || f.includes('..'))).toBe(
        false,
      );
    });

    it('refuses an HTML file renamed .pdf, and SVG as an image, with 415', async () => {
      const before = (await storedFiles()).length;
      const html = await upload(
        'pdf',
        Buffer.from('<!doctype html><script>alert(1)</script>'),
        'cv.pdf',
      );
      expect(html.statusCode).toBe(415);
      expect(html.json().message).toMatch(/not an accepted pdf file/);
      const svg = await upload(
        'image',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.svg',
      );
      expect(svg.statusCode).toBe(415);
      expect((await upload('image', PDF, 'x.png')).statusCode).toBe(415);
      expect((await upload('image', PNG, 'pixel.bin')).json().contentType).toBe('image/png');
      expect((await storedFiles()).length).toBe(before + 2);
    });

    it('answers 413 from Content-Length before reading the body', async () => {
      const { port } = await listening();
      const res = await rawRequest(
        port,
        {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(PDF_LIMIT * 20),
        },
        (req) => req.write('--x\r\n'),
      );
      expect(res.status).toBe(413);
      expect(res.body).toMatch(/larger than 10 KB/);
    });

    it('answers 413 at the limit while streaming and keeps no partial file', async () => {
      const before = await storedFiles();
      const { port } = await listening();
      const boundary = 'b0undary';
      let sent = 0;
      const res = await rawRequest(
        port,
        {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
        (req) => {
          req.write(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          );
          req.write(PDF);
          // Keep sending 1 KB every few ms until the server answers: it must not wait for the end.
          const timer = setInterval(() => {
            if (sent > PDF_LIMIT * 50) return clearInterval(timer);
            sent += 1024;
            req.write(Buffer.alloc(1024, 0x20));
          }, 2);
          req.on('close', () => clearInterval(timer));
        },
      );
      expect(res.status).toBe(413);
      expect(sent).toBeLessThan(PDF_LIMIT * 50);
      await new Promise((r) => setTimeout(r, 50));
      expect(await storedFiles()).toEqual(before);
    });
  });

  describe('serving', () => {
    let key: string;
    beforeAll(async () => {
      key = (await upload('pdf', PDF, 'doc.pdf')).json().key;
    });
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });

    it('serves the whole file with the safety headers', async () => {
      const res = await get(
        `/api/test/file?key=${encodeURIComponent(key)}&name=${encodeURIComponent('a"b\r\n.pdf')}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'application/pdf',
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'content-security-policy': 'sandbox',
        'content-disposition': 'inline; filename=a_b__.pdf',
        'content-length': String(PDF.length),
      });
    });

    it('answers single ranges with 206 and impossible ones with 416', async () => {
      const url = `/api/test/file?key=${encodeURIComponent(key)}`;
      const first = await get(url, { range: 'bytes=0-3' });
      expect(first.statusCode).toBe(206);
      expect(first.body).toBe('%PDF');
      expect(first.headers['content-range']).toBe(`bytes 0-3/${PDF.length}`);
      const tail = await get(url, { range: 'bytes=-6' });
      expect(tail.statusCode).toBe(206);
      expect(tail.body).toBe('%%EOF\n');
      const open = await get(url, { range: `bytes=${PDF.length - 2}-` });
      expect(open.headers['content-range']).toBe(
        `bytes ${PDF.length - 2}-${PDF.length - 1}/${PDF.length}`,
      );
      const past = await get(url, { range: `bytes=${PDF.length}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${PDF.length}`);
      const many = await get(url, { range: 'bytes=0-1,4-5' });
      expect(many.statusCode).toBe(200);
    });

    it('knows no key outside the store', async () => {
      for (const bad of [
        '../../etc/passwd',
        'ab/cd/../../x',
        `${key}.json`,
        key.replace(/^../, 'zz'),
      ]) {
        expect((await get(`/api/test/file?key=${encodeURIComponent(bad)}`)).statusCode).toBe(404);
      }
    });

    it('accepts a signed link until it expires, never a tampered one', async () => {
      const url = (q: string) => `/api/test/signed?key=${encodeURIComponent(key)}&${q}`;
      const query = signFileUrl(t.app.deps, key, 60_000);
      expect((await get(url(query))).statusCode).toBe(200);
      expect((await get(url(query), { range: 'bytes=0-0' })).statusCode).toBe(206);

      const other = (await upload('pdf', PDF, 'other.pdf')).json().key;
      const forOther = `/api/test/signed?key=${encodeURIComponent(other)}&${query}`;
      expect((await get(forOther)).statusCode).toBe(403);
      const exp = Number(new URLSearchParams(query).get('exp'));
      const sig = new URLSearchParams(query).get('sig')!;
      expect((await get(url(`exp=${exp + 3600}&sig=${sig}`))).statusCode).toBe(403);
      const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
      expect((await get(url(`exp=${exp}&sig=${flipped}`))).statusCode).toBe(403);
      expect((await get(url(`exp=${exp}`))).statusCode).toBe(403);

      t.clock.advance(61_000);
      const expired = await get(url(query));
      expect(expired.statusCode).toBe(403);
      expect(expired.json().code).toBe('invalid_file_link');
    });
  });

  function listening(): Promise<AddressInfo> {
    server ??= t.app
      .listen({ port: 0, host: '127.0.0.1' })
      .then(() => t.app.server.address() as AddressInfo);
    return server;
  }
});

/** Real HTTP, so the test sees when the server answers relative to what it has sent. */
function rawRequest(
  port: number,
  headers: Record<string, string>,
  send: (req: http.ClientRequest) => void,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/test/upload/pdf',
      headers,
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', (err) =>
      (err as { code?: string }).code === 'ECONNRESET' ? undefined : reject(err),
    );
    send(req);
  });
}
