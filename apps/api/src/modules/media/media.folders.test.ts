import { describe, expect, it } from 'vitest';
import { ctx, get, post, urlVideo, useMediaTestApp } from './media.testing.ts';

/**
 * Folders of the media library: paths that items name, tidied and checked
 * by the contract, listed with their counts, filtered exactly, and renamed
 * or moved whole (subfolders too) in one change.
 */
useMediaTestApp();

const folderOf = async (id: number) =>
  (await get(ctx.token, `/media/getvideobyid?id=${id}`)).json().folder as string;
const inFolder = async (folder: string) =>
  (
    (await get(ctx.token, `/media/filtervideo?folder=${encodeURIComponent(folder)}`)).json()
      .items as { title: string }[]
  )
    .map((i) => i.title)
    .sort();

describe('media folders', () => {
  it('tidies a path, refuses a bad one in words, and filters by the exact folder', async () => {
    const a = await urlVideo({ title: 'Lenses', folder: '  Grade  8 /  Physics ' });
    expect(a.folder).toBe('Grade 8/Physics');
    await urlVideo({ title: 'Forces', folder: 'Grade 8' });
    await urlVideo({ title: 'Loose' });
    for (const [folder, message] of [
      ['Grade 8//Physics', 'A folder name cannot be empty (check the slashes)'],
      ['a/b/c/d/e/f', 'Folders go at most 5 levels deep'],
      [`${'x'.repeat(61)}`, 'A folder name has at most 60 characters'],
      ['Grade\u00078', 'Must not contain control characters'],
    ]) {
      const res = await post(ctx.token, '/media/addvideo', {
        source: 'url',
        url: 'https://cdn.example.test/x.mp4',
        title: 'Refused',
        folder,
      });
      expect(res.statusCode, folder).toBe(400);
      expect(JSON.stringify(res.json().details)).toContain(message);
    }
    expect(await inFolder('Grade 8')).toEqual(['Forces']);
    expect(await inFolder('Grade 8/Physics')).toEqual(['Lenses']);
    expect(await inFolder('')).toEqual(['Loose']);
    const folders = (await get(ctx.token, '/media/folders?kind=video')).json().items;
    expect(folders).toEqual([
      { path: 'Grade 8', items: 1 },
      { path: 'Grade 8/Physics', items: 1 },
    ]);
    const edited = await post(ctx.token, '/media/editvideo', { id: a.id, folder: 'Grade 9' });
    expect(edited.json().folder).toBe('Grade 9');
  });

  it('moves a folder with its subfolders, to another name or to the top, in one change', async () => {
    const x = await urlVideo({ title: 'X', folder: 'Term 1' });
    const y = await urlVideo({ title: 'Y', folder: 'Term 1/Week 2' });
    const z = await urlVideo({ title: 'Z', folder: 'Term 10' });
    // "Term 10" starts with "Term 1" but is not inside it.
    let res = await post(ctx.token, '/media/folders/move', {
      kind: 'video',
      from: 'Term 1',
      to: 'Archive/Term 1',
    });
    expect(res.json()).toEqual({ moved: 2 });
    expect([await folderOf(x.id), await folderOf(y.id), await folderOf(z.id)]).toEqual([
      'Archive/Term 1',
      'Archive/Term 1/Week 2',
      'Term 10',
    ]);
    res = await post(ctx.token, '/media/folders/move', { kind: 'video', from: 'Archive', to: '' });
    expect(res.json()).toEqual({ moved: 2 });
    expect(await folderOf(y.id)).toBe('Term 1/Week 2');
    const audit = await ctx.t.app.deps.db.query.auditLog.findFirst({
      where: (a, { eq }) => eq(a.action, 'media_folder_moved'),
      orderBy: (a, { desc }) => desc(a.id),
    });
    expect(audit).toMatchObject({
      entity: 'media_folder',
      entityId: 'Archive',
      after: { folder: '', items: 2 },
    });
  });

  it('refuses a move into itself or from the top, and escapes the pattern’s wildcards', async () => {
    for (const [body, message] of [
      [{ from: 'Term 1', to: 'Term 1/Inside' }, 'A folder cannot move into itself'],
      [{ from: '', to: 'Somewhere' }, 'Choose a folder, not the top of the library'],
    ] as const) {
      const res = await post(ctx.token, '/media/folders/move', { kind: 'video', ...body });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().details)).toContain(message);
    }
    const pct = await urlVideo({ title: 'Pct', folder: '100%' });
    const other = await urlVideo({ title: 'Other', folder: '100x/Sub' });
    const res = await post(ctx.token, '/media/folders/move', {
      kind: 'video',
      from: '100%',
      to: 'Full',
    });
    expect(res.json()).toEqual({ moved: 1 });
    expect([await folderOf(pct.id), await folderOf(other.id)]).toEqual(['Full', '100x/Sub']);
  });

  it('needs the media module to move a folder', async () => {
    const res = await post(ctx.noMedia, '/media/folders/move', {
      kind: 'video',
      from: 'Full',
      to: 'Elsewhere',
    });
    expect(res.statusCode).toBe(403);
  });
});
