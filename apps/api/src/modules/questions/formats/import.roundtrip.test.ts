import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { questions } from '../../../db/schema/index.ts';
import { HEADERS, useImportApp, workbook } from './import.testing.ts';

/** Export and re-import: XLSX and Moodle XML round trips, the list's filters, the template. */

const h = useImportApp();

describe('export and re-import', () => {
  it('XLSX and Moodle XML exports re-import unchanged', async () => {
    const bytes = await workbook([
      {
        Type: 'Single choice',
        Question: '<p>A \\(x^2\\)</p>',
        'Option A': 'one',
        'Option B': '<b>two</b>',
        Correct: 'B',
        Marks: 2,
        Tags: 'a, b',
      },
      {
        Type: 'Multiple choice',
        Question: 'M',
        'Option A': '1',
        'Option B': '2',
        'Option C': '3',
        Correct: 'A,C',
      },
      { Type: 'True/false', Question: 'T', Correct: 'False' },
      {
        Type: 'Fill in the blank',
        Question: '___ and ___',
        'Blank answers': 'x \\| y | z ; w',
        'Case sensitive': 'Yes; No',
      },
      {
        Type: 'Numeric',
        Question: 'N',
        'Numeric answer': -2.5,
        Tolerance: 0.25,
        Unit: 'cm',
        Marks: 1.5,
      },
      {
        Type: 'Subjective',
        Question: 'S',
        'Model answer': '<p>model</p>',
        Explanation: 'why',
        Grade: h.gradeName,
        Subject: 'Mathematics',
      },
    ]);
    expect((await h.send(bytes, 'dryRun=false')).json()).toMatchObject({ created: 6 });
    const pick = (q: typeof questions.$inferSelect) => ({
      type: q.type,
      stem: q.stem,
      options: q.options,
      blanks: q.blanks,
      numeric: q.numeric,
      marks: q.marks,
      tags: q.tags,
      modelAnswer: q.modelAnswer,
      subjectId: q.subjectId,
    });
    const before = (await h.t.app.deps.db.select().from(questions).orderBy(questions.id)).map(pick);
    for (const format of ['xlsx', 'moodle'] as const) {
      const res = await h.sendBackExport(format);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), format).toMatchObject(
        format === 'xlsx' ? { created: 0, updated: 0, unchanged: 6 } : { created: 6 },
      );
      const after = (await h.t.app.deps.db.select().from(questions).orderBy(questions.id)).map(
        pick,
      );
      const same =
        format === 'moodle'
          ? (q: ReturnType<typeof pick>) => ({ ...q, subjectId: null })
          : (q: ReturnType<typeof pick>) => q;
      expect(after.map(same)).toEqual(before.map(same));
      if (format === 'moodle') {
        await h.clear();
        await h.send(bytes, 'dryRun=false');
      }
    }
  });

  it('text that spells markup (stored escaped) re-imports as the same text from XLSX and Moodle XML', async () => {
    await h.clear();
    // Typed as text, so the sanitiser stores it escaped: &lt;img …&gt;, &amp;lt; for a typed "&lt;".
    const typed = '&lt;img src=x onerror=alert(1)&gt; a &amp;lt; b &amp;amp; c &lt;/p&gt;';
    const added = await h.t.as(h.token, {
      method: 'POST',
      url: '/api/questions/addquestions',
      payload: {
        questions: [
          {
            type: 'single_choice',
            stem: `<p>${typed}</p>`,
            options: [
              { id: 'A', html: `<p>${typed}</p>`, correct: true },
              { id: 'B', html: '<p>x &gt; y &amp; z</p>', correct: false },
            ],
            explanation: `<p>${typed}</p>`,
            tags: ['<b>r&d</b>', 'a&lt;b'],
          },
          { type: 'subjective', stem: '<p>S &lt;br&gt;</p>', modelAnswer: `<p>${typed}</p>` },
          {
            type: 'fill_blank',
            stem: '<p>1 &lt; ___</p>',
            blanks: [{ answers: ['<b>', '&lt;', 'a & b'], caseSensitive: false }],
          },
        ],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const pick = (q: typeof questions.$inferSelect) => ({
      type: q.type,
      stem: q.stem,
      options: q.options,
      blanks: q.blanks,
      explanation: q.explanation,
      modelAnswer: q.modelAnswer,
      tags: q.tags,
    });
    const before = (await h.t.app.deps.db.select().from(questions).orderBy(questions.id)).map(pick);
    // The escaped text is really stored (the sanitiser did not drop it).
    expect(before[0]!.stem).toContain('&lt;img src=x onerror=alert(1)&gt;');
    for (const format of ['xlsx', 'moodle'] as const) {
      const file = await h.t.as(h.token, {
        method: 'GET',
        // The list's order, oldest first: the file's rows come back in the same order.
        url: `/api/questions/exportquestions?format=${format}&sort=createdAt&order=asc`,
      });
      expect(file.statusCode).toBe(200);
      // XLSX: the same bank, every cell read back equal to the stored text (else a change).
      if (format === 'moodle') await h.clear();
      const res = await h.send(
        file.rawPayload,
        'dryRun=false',
        `export.${format === 'xlsx' ? 'xlsx' : 'xml'}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), format).toMatchObject(
        format === 'xlsx'
          ? { created: 0, updated: 0, unchanged: 3, errors: [] }
          : { created: 3, errors: [] },
      );
      const after = (await h.t.app.deps.db.select().from(questions).orderBy(questions.id)).map(
        pick,
      );
      expect(after, format).toEqual(before);
    }
  });

  it('exports what the list shows: text search, tag and type together, nothing else', async () => {
    await h.clear();
    const q = (stem: string, tags: string[], type = 'subjective') =>
      type === 'subjective'
        ? { type, stem: `<p>${stem}</p>`, modelAnswer: '<p>m</p>', tags }
        : {
            type,
            stem: `<p>${stem}</p>`,
            options: [
              { id: 'A', html: 'yes', correct: true },
              { id: 'B', html: 'no', correct: false },
            ],
            tags,
          };
    const added = await h.t.as(h.token, {
      method: 'POST',
      url: '/api/questions/addquestions',
      payload: {
        questions: [
          q('Photosynthesis in leaves', ['botany']),
          q('Photosynthesis needs light', ['botany']),
          q('Photosynthesis and chlorophyll', ['chemistry']),
          q('Photosynthesis, single choice', ['botany'], 'single_choice'),
          q('Respiration in leaves', ['botany']),
        ],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const query = 'q=photosynth&tag=botany&type=subjective';
    const list = await h.t.as(h.token, {
      method: 'GET',
      url: `/api/questions/listofquestions?${query}&pageSize=100`,
    });
    const listed = (list.json() as { items: { stem: string }[] }).items.map((i) => i.stem).sort();
    expect(listed).toEqual([
      '<p>Photosynthesis in leaves</p>',
      '<p>Photosynthesis needs light</p>',
    ]);
    for (const format of ['xlsx', 'moodle'] as const) {
      const file = await h.t.as(h.token, {
        method: 'GET',
        url: `/api/questions/exportquestions?format=${format}&${query}`,
      });
      expect(file.statusCode).toBe(200);
      let stems: string[];
      if (format === 'xlsx') {
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(file.rawPayload as never);
        const ws = wb.worksheets[0]!;
        const at = HEADERS.indexOf('Question') + 1;
        stems = ws.getColumn(at).values.slice(2).map(String);
      } else {
        stems = [
          ...file.body.matchAll(/<questiontext format="html"><text><!\[CDATA\[(.*?)\]\]>/g),
        ].map((m) => m[1]!);
      }
      expect(stems.sort(), format).toEqual(listed);
    }
  });

  it('the template imports as it is', async () => {
    await h.clear();
    const file = await h.t.as(h.token, { method: 'GET', url: '/api/questions/importtemplate' });
    expect(file.statusCode).toBe(200);
    const res = await h.send(file.rawPayload, 'dryRun=true');
    expect(res.json()).toMatchObject({ rows: 6, valid: 6, errors: [] });
  });
});
