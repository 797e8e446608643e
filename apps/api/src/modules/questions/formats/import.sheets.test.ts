import { describe, expect, it } from 'vitest';
import { questionImages, questions } from '../../../db/schema/index.ts';
import { inspectZip } from '../../../lib/import/xlsx/zip.ts';
import { TINY_PNG } from '../../media/media.fixtures.ts';
import { useImportApp, workbook, zip } from './import.testing.ts';

/**
 * Question spreadsheets as other tools write them: a picture named in a
 * cell of an XLSX sent alone is a problem of its row (it was dropped by
 * the sanitiser without a word), and a ZIP whose workbook is stored
 * uncompressed (zip -0) is read as a ZIP (it was taken for a workbook
 * because the inner workbook's part names are in the clear, and refused as
 * "The workbook has no sheet"); a workbook whose own parts are stored is read too.
 */

const h = useImportApp();

const row = (question: string) => ({
  Type: 'Single choice',
  Question: question,
  'Option A': 'a',
  'Option B': 'b',
  Correct: 'A',
});

/** A workbook's own parts stored uncompressed, as `zip -0` of its unpacked folder writes it. */
async function storedWorkbook(xlsx: Buffer): Promise<Buffer> {
  const limits = { maxUncompressedBytes: 1 << 26, maxEntries: 1000, maxRatio: 1000 };
  const parts = await inspectZip(xlsx, limits, () => true);
  return zip(Object.fromEntries(parts.map((p) => [p.name, p.data!])), { stored: true });
}

describe('questionimport: spreadsheets', () => {
  it('reports a picture an XLSX alone names but cannot carry, in the dry run', async () => {
    const sheet = await workbook([row('Plain question?'), row('See <img src="figure1.png"> here')]);
    const res = await h.send(sheet, 'dryRun=true', 'q.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 2, valid: 1, refused: 1 });
    expect(res.json().errors).toEqual([
      {
        row: 3,
        column: 'Question',
        message:
          'The image "figure1.png" is not in the upload: an XLSX alone carries no images; send a ZIP of the workbook and its images',
      },
    ]);
    const commit = await h.send(sheet, 'dryRun=false', 'q.xlsx');
    expect(commit.statusCode).toBe(400);
    expect(await h.count()).toBe(0);
  });

  it('reads a ZIP whose workbook is stored uncompressed, and stores its picture', async () => {
    const sheet = await workbook([row('See <img src="figure1.png"> here')]);
    const file = zip({ 'q.xlsx': sheet, 'figure1.png': TINY_PNG }, { stored: true });
    const dry = await h.send(file, 'dryRun=true', 'q.zip');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ rows: 1, valid: 1, errors: [] });
    const res = await h.send(file, 'dryRun=false', 'q.zip');
    expect(res.json()).toMatchObject({ created: 1 });
    const [q] = await h.t.app.deps.db.select().from(questions);
    expect(q!.stem).toMatch(
      /^See <img src="\/api\/questions\/image\?key=[a-z0-9-]+\.png" \/?> ?here$/,
    );
    expect(await h.t.app.deps.db.select().from(questionImages)).toHaveLength(1);
    await h.clear();
  });

  it('reads a workbook whose own parts are stored uncompressed', async () => {
    const file = await storedWorkbook(await workbook([row('Stored parts?'), row('Second?')]));
    const res = await h.send(file, 'dryRun=false', 'q.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 2, valid: 2, created: 2 });
    await h.clear();
  });
});
