import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionImages } from '../../db/schema/index.ts';
import { TINY_PNG } from '../media/media.fixtures.ts';
import { choice, type QuestionsWorld, questionsWorld, uniqueWords } from './questions.testing.ts';

/**
 * docs/security.md item 34: question images are sniffed (PNG, JPEG, WebP,
 * GIF; SVG and anything else refused), stored through the file store, held
 * by a question_images row, and served publicly by their key with their
 * type, nosniff and a year of immutable caching; an unknown key is 404.
 */

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200, 0)]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-qimg-'));
let w: QuestionsWorld;
beforeAll(async () => {
  w = await questionsWorld({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await w?.t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = new Response(form);
  return w.t.as(w.token, {
    method: 'POST',
    url: '/api/questions/uploadimage',
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  });
}

describe('question images', () => {
  it('uploads a PNG and serves it publicly, cached as immutable, by its key', async () => {
    const res = await upload(TINY_PNG, 'figure.svg');
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/questions\/image\?key=[0-9a-f-]{36}\.png$/);
    const image = await w.t.app.inject({ method: 'GET', url }); // no token: learners see it too
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);

    // A question text may show it; it survives sanitising as uploaded.
    const { items } = await w.add(choice(`${uniqueWords()}</p><p><img src="${url}" alt="graph">`));
    expect(items[0]!.stem).toContain(`<img src="${url}" alt="graph" />`);
  });

  it('takes JPEG and GIF with their extension', async () => {
    for (const [bytes, ext, type] of [
      [JPEG, 'jpg', 'image/jpeg'],
      [GIF, 'gif', 'image/gif'],
    ] as const) {
      const res = await upload(bytes, 'x.bin');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().url).toMatch(new RegExp(`\\.${ext}$`));
      const image = await w.t.app.inject({ method: 'GET', url: res.json().url });
      expect(image.headers['content-type']).toBe(type);
    }
  });

  it('refuses SVG, HTML and PDF by their content (415), storing nothing', async () => {
    const before = (await w.t.app.deps.db.select().from(questionImages)).length;
    for (const [bytes, name] of [
      [SVG, 'figure.svg'],
      [HTML, 'figure.png'],
      [PDF, 'figure.png'],
    ] as const) {
      const res = await upload(bytes, name);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().code).toBe('unsupported_media_type');
    }
    expect((await w.t.app.deps.db.select().from(questionImages)).length).toBe(before);
  });

  it('404 for an unknown key or a known file under another extension; 400 for a key that cannot be one', async () => {
    const { url } = (await upload(TINY_PNG, 'a.png')).json();
    const unknown = await w.t.app.inject({
      method: 'GET',
      url: '/api/questions/image?key=00000000-0000-4000-8000-000000000000.png',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const otherExt = await w.t.app.inject({ method: 'GET', url: url.replace('.png', '.gif') });
    expect(otherExt.statusCode).toBe(404);
    for (const key of ['../../etc/passwd', 'ab/cd/x.png', 'x.svg', ''])
      expect(
        (
          await w.t.app.inject({
            method: 'GET',
            url: `/api/questions/image?key=${encodeURIComponent(key)}`,
          })
        ).statusCode,
      ).toBe(400);
  });

  it('needs the questions module to upload', async () => {
    const other = await w.t.createAdmin({ modules: ['books'] });
    const tk = (await w.t.signIn(other.email)).accessToken;
    const res = await w.t.as(tk, { method: 'POST', url: '/api/questions/uploadimage' });
    expect(res.statusCode).toBe(403);
  });
});
