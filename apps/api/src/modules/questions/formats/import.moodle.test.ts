import { readFileSync } from 'node:fs';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { questionImages, questions } from '../../../db/schema/index.ts';
import { useImportApp } from './import.testing.ts';

/**
 * Our own Moodle XML file holding every construct the import meets
 * (src/test/fixtures/questions/constructs.moodle.xml: every type the bank
 * takes, plugin-file pictures, a Moodle 1.9 image_base64, audio, cloze of
 * short answers only and of a choice, feedback, penalties), imported
 * through the route: each question is stored as Moodle reads it, within
 * what the bank models, and what it cannot keep is named, never dropped.
 */

const h = useImportApp();
const FILE = readFileSync(
  new URL('../../../test/fixtures/questions/constructs.moodle.xml', import.meta.url),
);
/** The file without question 11 (its audio cannot be kept), for an all-or-nothing commit. */
const withoutAudio = () => {
  const text = FILE.toString();
  const start = text.indexOf('<!-- 11:');
  const end = text.indexOf('<!-- 12:');
  // An empty description keeps the numbering of the questions after it.
  return Buffer.from(
    `${text.slice(0, start)}<question type="description"><questiontext><text>-</text></questiontext></question>\n  ${text.slice(end)}`,
  );
};
const IMAGE = /^\/api\/questions\/image\?key=[a-z0-9-]+\.png$/;

describe('questionimport: Moodle XML, every construct', () => {
  it('reports 12 questions read, 8 valid; the audio question refused naming its file', async () => {
    const res = await h.send(FILE, 'dryRun=true', 'constructs.xml');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ rows: 12, valid: 8, refused: 4, committed: false });
    expect(report.errors).toEqual([
      {
        row: 11,
        column: 'Question',
        message:
          'Question 11 uses the file "bonjour.mp3" in <source>: the question bank keeps only images (PNG, JPEG, WebP, GIF) shown with <img>, so the question is not imported; take the file out of the question, or keep it in Moodle',
      },
    ]);
    const warnings = report.warnings.map((w: { row: number; message: string }) => [
      w.row,
      w.message,
    ]);
    expect(warnings).toEqual(
      expect.arrayContaining([
        [1, expect.stringMatching(/^Question 1 is a category \(\$course\$\/top\/Geography\)/)],
        [
          8,
          'Question 8, gap 1: only answers worth full marks are accepted (the question bank has no partial credit); not kept: "paris" (50%), "*" (0%)',
        ],
        [9, expect.stringMatching(/^Question 9 \(cloze\) cannot be imported/)],
        [12, expect.stringMatching(/^Question 12 is a description/)],
        [13, expect.stringMatching(/^Question 13 \(ddmatch\) cannot be imported/)],
      ]),
    );
    expect(await h.count()).toBe(0);
  });

  it('stores each question as Moodle reads it, pictures (plugin files and 1.9 image_base64) kept', async () => {
    const res = await h.send(withoutAudio(), 'dryRun=false', 'constructs.xml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 12, valid: 8, created: 8, errors: [] });
    const rows = await h.t.app.deps.db.select().from(questions).orderBy(asc(questions.id));
    const images = await h.t.app.deps.db.select().from(questionImages);
    expect(images).toHaveLength(3);
    const src = (html: string) => [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    const q = rows.map((r) => ({
      type: r.type,
      stem: r.stem,
      options: r.options.map((o) => `${o.correct ? '=' : '~'}${o.html}`),
      blanks: r.blanks,
      numeric: r.numeric,
      modelAnswer: r.modelAnswer,
      explanation: r.explanation,
      marks: r.marks,
      negativeMarks: r.negativeMarks,
      tags: r.tags,
      source: r.source,
    }));
    expect(q.map((x) => x.source)).toEqual(Array(8).fill('moodle'));

    // 2: single choice; the picture stored; general feedback = explanation; per-answer feedback and penalty not modelled.
    expect(q[0]).toMatchObject({
      type: 'single_choice',
      options: ['=Paris', '~Lyon', '~Marseille'],
      explanation: '<p>Paris has been the capital since 987.</p>',
      marks: 2,
      negativeMarks: 0,
      tags: ['europe', 'capitals'],
    });
    expect(q[0]!.stem).toMatch(
      /^<p>Which city is the capital of France\? <img src="[^"]+" alt="A map of France" ?\/?><\/p>$/,
    );
    expect(src(q[0]!.stem)[0]).toMatch(IMAGE);
    // 3: multiple choice: positive fractions are right; the picture in an option kept.
    expect(q[1]!.type).toBe('multiple_choice');
    expect(q[1]!.options.slice(0, 3)).toEqual(['=Loire', '=Seine', '~Danube']);
    expect(q[1]!.options[3]).toMatch(/^~<img src="[^"]+" alt="Thames" ?\/?>$/);
    expect(src(q[1]!.options[3]!)[0]).toMatch(IMAGE);
    // 4: true/false, plain text escaped.
    expect(q[2]).toMatchObject({
      type: 'true_false',
      stem: 'The Alps are in Spain &amp; Portugal.',
      options: ['~True', '=False'],
    });
    // 5: short answer: one blank after the text, both full-credit answers, case sensitive.
    expect(q[3]).toMatchObject({
      type: 'fill_blank',
      stem: 'Which river flows through Paris? ___',
      blanks: [{ answers: ['Seine', 'La Seine'], caseSensitive: true }],
    });
    // 6: numeric: the full-credit answer, its tolerance, the unit of multiplier 1.
    expect(q[4]).toMatchObject({
      type: 'numeric',
      numeric: { value: 330, tolerance: 5, unit: 'm' },
      marks: 3,
    });
    // 7: essay: subjective, grader information = model answer.
    expect(q[5]).toMatchObject({
      type: 'subjective',
      stem: '<p>Why did Paris become the capital?</p>',
      modelAnswer: '<p>Its position on the Seine and the Capetian kings.</p>',
      marks: 5,
    });
    // 8: cloze of short answers: fill in the blank, a blank per gap, full-credit answers only.
    expect(q[6]).toMatchObject({
      type: 'fill_blank',
      stem: '<p>The capital of France is ___ on the ___.</p>',
      blanks: [
        { answers: ['Paris'], caseSensitive: false },
        { answers: ['Seine'], caseSensitive: true },
      ],
      explanation: 'Paris lies on the Seine.',
      marks: 2,
    });
    // 10: Moodle 1.9's picture, shown after the text as Moodle's import does.
    expect(q[7]).toMatchObject({ type: 'true_false', options: ['=True', '~False'] });
    expect(q[7]!.stem).toMatch(/^This is the flag of Italy\. <img src="[^"]+" ?\/?>$/);
    expect(src(q[7]!.stem)[0]).toMatch(IMAGE);
    await h.clear();
  });
});
