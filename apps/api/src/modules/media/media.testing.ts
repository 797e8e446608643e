import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type MediaItem, type ModuleKey, mediaItemSchema } from '@bo/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { chapters, grades, subjects, topics } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * What the media test files share: an app with a small video limit and its
 * own file store, three admins (media, books+curriculum, curriculum) and a
 * little curriculum (two grades; Maths with two chapters; one topic).
 * Filled in by `useMediaTestApp()`'s beforeAll.
 */
export const ctx = {
  t: undefined as unknown as TestApp,
  token: '',
  noMedia: '',
  curriculumToken: '',
  dataDir: '',
  VIDEO_LIMIT: 64 * 1024,
  g1: 0,
  g2: 0,
  math: 0,
  ch1: 0,
  ch2: 0,
  top1: 0,
};

export const ITEM_KEYS = Object.keys(mediaItemSchema.shape).sort();

export const post = (tk: string, url: string, payload: object) =>
  ctx.t.as(tk, { method: 'POST', url: `/api${url}`, payload });
export const get = (tk: string, url: string) => ctx.t.as(tk, { method: 'GET', url: `/api${url}` });

async function multipart(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

export const upload = async (kind: string, bytes: Buffer, name: string, tk = ctx.token) =>
  ctx.t.as(tk, {
    method: 'POST',
    url: `/api/media/uploadfile?kind=${kind}`,
    ...(await multipart(bytes, name)),
  });

export async function uploaded(kind: string, bytes: Buffer, name: string) {
  const res = await upload(kind, bytes, name);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { key: string; durationSeconds: number | null; originalName: string };
}

export async function added(url: string, payload: object): Promise<MediaItem> {
  const res = await post(ctx.token, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const urlVideo = (extra: object = {}) =>
  added('/media/addvideo', {
    source: 'url',
    url: 'https://cdn.example.test/v.mp4',
    title: 'Linked',
    ...extra,
  });

export function storedFiles(): string[] {
  try {
    return readdirSync(path.join(ctx.dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && !d.name.endsWith('.json'))
      .map((d) => d.name);
  } catch {
    return [];
  }
}

/** Registers the file's beforeAll/afterAll that fill `ctx` and clean up. */
export function useMediaTestApp() {
  beforeAll(async () => {
    ctx.dataDir = mkdtempSync(path.join(tmpdir(), 'bo-media-'));
    const t = await createTestApp({
      DATA_DIR: ctx.dataDir,
      UPLOAD_MAX_VIDEO_MB: String(ctx.VIDEO_LIMIT / 1024 / 1024),
    });
    ctx.t = t;
    const signedIn = async (modules: ModuleKey[]) =>
      (await t.signIn((await t.createAdmin({ modules })).email)).accessToken;
    ctx.token = await signedIn(['media']);
    ctx.noMedia = await signedIn(['books', 'curriculum']);
    ctx.curriculumToken = await signedIn(['curriculum']);
    const db = t.app.deps.db;
    const [x, y] = await db.select().from(grades).orderBy(grades.position).limit(2);
    ctx.g1 = x!.id;
    ctx.g2 = y!.id;
    const [maths] = await db
      .insert(subjects)
      .values({ gradeId: ctx.g1, name: 'Maths', position: 1 })
      .returning();
    ctx.math = maths!.id;
    [ctx.ch1, ctx.ch2] = (
      await db
        .insert(chapters)
        .values([
          { subjectId: ctx.math, number: 1, name: 'Numbers', position: 1 },
          { subjectId: ctx.math, number: 2, name: 'Shapes', position: 2 },
        ])
        .returning()
    ).map((r) => r.id) as [number, number];
    const [counting] = await db
      .insert(topics)
      .values({ chapterId: ctx.ch1, name: 'Counting', position: 1 })
      .returning();
    ctx.top1 = counting!.id;
  });
  afterAll(async () => {
    await ctx.t?.close();
    rmSync(ctx.dataDir, { recursive: true, force: true });
  });
}
