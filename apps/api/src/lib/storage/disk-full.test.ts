import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../modules/media/media.fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * A real full file system under the file store: a 1 MiB tmpfs mounted on
 * DATA_DIR/files (root only; skipped with its reason elsewhere), filled by
 * uploads. The upload that no longer fits answers 507 `storage_full` saying
 * so (not a 500 `internal`), keeps nothing of itself, and health reports
 * the store full until a write succeeds again. docs/operations.md, "When a
 * disk is full".
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-disk-full-'));
const filesDir = path.join(dataDir, 'files');
mkdirSync(filesDir);
let noMount: string | undefined;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', filesDir], {
    stdio: 'pipe',
  });
} catch (err) {
  rmSync(dataDir, { recursive: true, force: true });
  noMount = `cannot mount a tmpfs here (${String((err as { stderr?: Buffer }).stderr ?? err).trim() || 'needs root'})`;
}

/** An image of about `kb` KiB: a real PNG header, then random bytes (nothing compresses them). */
function image(kb: number): Buffer {
  const filler = Buffer.alloc(kb * 1024);
  for (let i = 0; i < filler.length; i += 4)
    filler.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  return Buffer.concat([TINY_PNG, filler]);
}

describe.skipIf(noMount)(`a full file store${noMount ? ` (skipped: ${noMount})` : ''}`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_MAX_IMAGE_MB: '2' });
    const admin = await t.createAdmin({ role: 'super_admin' });
    token = (await t.signIn(admin.email)).accessToken;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    if (!noMount) execFileSync('umount', ['-l', filesDir]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(bytes: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'cover.png');
    const res = new Response(form);
    return t.as(token, {
      method: 'POST',
      url: '/api/media/uploadfile?kind=thumbnail',
      payload: Buffer.from(await res.arrayBuffer()),
      headers: { 'content-type': res.headers.get('content-type')! },
    });
  }
  const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json();

  it('answers 507 storage_full, keeps no part of the file, and health reports it', async () => {
    expect(await health()).toEqual({ status: 'ok', database: 'ok', files: 'ok' });
    const statuses: number[] = [];
    let full: { statusCode: number; json(): { message: string; code: string } } | undefined;
    for (let i = 0; i < 10 && !full; i++) {
      const res = await upload(image(300));
      statuses.push(res.statusCode);
      if (res.statusCode !== 200) full = res;
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.length).toBeGreaterThan(1);
    expect(full?.statusCode).toBe(507);
    expect(full?.json()).toEqual({
      code: 'storage_full',
      message: expect.stringMatching(/file storage is full.*nothing was saved/i),
    });
    // Nothing half-written is left behind.
    const left = readdirSync(filesDir, { recursive: true }).map(String);
    expect(left.filter((f) => f.endsWith('.partial'))).toEqual([]);

    expect(await health()).toEqual({ status: 'degraded', database: 'ok', files: 'full' });
    // The health check itself still answers 200: the server serves reads.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a client still sending the rest of its file reads the 507', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    // Larger than the whole file system: the write fails with much of the body unsent.
    form.append('file', new Blob([new Uint8Array(image(1900))]), 'big.png');
    const res = await fetch(`${base}/api/media/uploadfile?kind=thumbnail`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(507);
    expect(((await res.json()) as { code: string }).code).toBe('storage_full');
    // The rest of its body is never read: the connection ends instead of hanging on it.
    expect(res.headers.get('connection')).toBe('close');
    const left = readdirSync(filesDir, { recursive: true }).map(String);
    expect(left.filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('is healthy again once space is freed and a file is stored', async () => {
    // An operator frees space.
    for (const entry of readdirSync(filesDir))
      rmSync(path.join(filesDir, entry), { recursive: true });
    expect((await upload(image(100))).statusCode).toBe(200);
    expect(await health()).toEqual({ status: 'ok', database: 'ok', files: 'ok' });
  });
});
