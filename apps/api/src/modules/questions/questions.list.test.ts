import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListWorld, listWorld } from './questions.list.fixture.testing.ts';

/**
 * listofquestions and fileteredquestion: search, filters, sorts, pages and
 * totals over the seven questions of listWorld. The export, tags and the
 * count budget are in questions.list-export.test.ts.
 */

let w: ListWorld;
beforeAll(async () => {
  w = await listWorld();
});
afterAll(() => w?.t.close());

describe('listofquestions: search', () => {
  it.each([
    ['photosynthesis', ['A'], 'a whole word of the stem'],
    ['photo', ['A'], 'a prefix'],
    ['PHOTO chloro', ['A'], 'several prefixes, any case'],
    ['mitochon', ['B'], 'a word of an option'],
    ['sugar', ['A'], 'a word of the explanation'],
    ['synth', ['E'], 'prefixes only: "photosynthesis" does not start with synth'],
    ['photo zebra', [], 'every word must match'],
    ['%%% ***', [], 'no letter or digit: nothing'],
    ['x', ['D'], 'a variable of the math source'],
    ['पौधों', ['C'], 'a Hindi word (vowel sign and anusvara kept in the word)'],
    ['प्रका', ['C'], 'a Hindi prefix ending in a vowel sign'],
    ['संश्ले', ['C'], 'a Hindi prefix with a virama'],
    ['केला', ['G'], 'a Hindi word of an option'],
    ['के', ['G'], 'a two-letter Hindi prefix'],
  ])('q=%s finds %j (%s)', async (q, expected) => {
    expect(await w.find(`q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  it('search combines with three filters', async () => {
    const qs = `q=photo&subjectId=${w.cur.s1}&difficulty=easy&status=active`;
    expect(await w.find(qs)).toEqual(['A']);
    expect(await w.find(`q=photo&subjectId=${w.cur.s1}&difficulty=easy&status=draft`)).toEqual([]);
  });
});

describe('listofquestions: filters', () => {
  it('answers the default order (last update, newest first) with the row fields', async () => {
    const page = await w.list('pageSize=100');
    expect(w.keysOf(page)).toEqual(['G', 'F', 'E', 'D', 'C', 'B', 'A']);
    const a = page.items.find((q) => q.id === w.ids.A)!;
    expect(a).toMatchObject({
      stem: '<p>Photosynthesis happens in the <b>chloroplast</b></p>',
      type: 'single_choice',
      difficulty: 'easy',
      status: 'active',
      marks: 2,
      negativeMarks: 0,
      tags: ['biology', 'plants'],
      language: 'English',
      source: 'manual',
      gradeName: expect.any(String),
      subjectName: 'Science',
      chapterName: 'Plants',
      topicName: 'Photosynthesis',
      updatedAt: '2026-01-11T09:00:00.000Z',
    });
  });

  it.each([
    ['grade', () => `gradeId=${w.cur.g2}`, ['E']],
    ['subject', () => `subjectId=${w.cur.s1}`, ['C', 'B', 'A']],
    ['chapter', () => `chapterId=${w.cur.c1}`, ['B', 'A']],
    ['topic', () => `topicId=${w.cur.t1}`, ['A']],
    ['type', () => 'type=numeric', ['D']],
    ['difficulty', () => 'difficulty=easy', ['F', 'C', 'A']],
    ['status', () => 'status=draft', ['F', 'C']],
    ['tag (any case)', () => 'tag=Plants', ['C', 'A']],
    ['language', () => 'language=Hindi', ['G', 'C']],
    ['source', () => 'source=xlsx', ['B']],
    ['created by', () => `createdBy=${w.author2}`, ['D']],
    ['created from (that day included)', () => 'createdFrom=2026-01-14', ['G', 'F', 'E']],
    ['created to (that day included)', () => 'createdTo=2026-01-11', ['B', 'A']],
    ['created between', () => 'createdFrom=2026-01-12&createdTo=2026-01-13', ['D', 'C']],
    ['unknown grade: empty', () => 'gradeId=999999', []],
  ])('%s', async (_name, qs, expected) => {
    expect(await w.find(qs())).toEqual(expected);
  });

  it('refuses a date range that ends before it starts, and bad values, with 400', async () => {
    for (const qs of [
      'createdFrom=2026-01-13&createdTo=2026-01-12',
      'type=essay',
      'createdFrom=13-01-2026',
      'sort=stem',
      'pageSize=500',
      'status=archived',
    ]) {
      const res = await w.get(w.token, `/questions/listofquestions?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toEqual(expect.any(String));
    }
    const res = await w.get(
      w.token,
      '/questions/listofquestions?createdFrom=2026-01-13&createdTo=2026-01-12',
    );
    expect(res.json().message).toBe('The "created to" date is before the "created from" date');
  });
});

describe('listofquestions: sort and pages', () => {
  it.each([
    ['sort=createdAt&order=asc', ['A', 'B', 'C', 'D', 'E', 'F', 'G']],
    ['sort=createdAt&order=desc', ['G', 'F', 'E', 'D', 'C', 'B', 'A']],
    ['sort=updatedAt&order=asc', ['A', 'B', 'C', 'D', 'E', 'F', 'G']],
    ['sort=marks&order=asc', ['B', 'C', 'F', 'A', 'G', 'D', 'E']],
    ['sort=marks&order=desc', ['E', 'D', 'G', 'A', 'F', 'C', 'B']],
    ['sort=difficulty', ['A', 'C', 'F', 'D', 'G', 'B', 'E']],
    ['sort=type', ['F', 'G', 'D', 'A', 'B', 'E', 'C']],
  ])('%s', async (qs, expected) => {
    expect(await w.find(qs)).toEqual(expected);
  });

  it('pages through the list; a full page above the threshold answers an estimate', async () => {
    const p1 = await w.list('pageSize=3');
    expect(w.keysOf(p1)).toEqual(['G', 'F', 'E']);
    // 7 matches, more than the 5 counted exactly: the planner's estimate (7 after analyze).
    expect(p1).toMatchObject({ page: 1, totalIsEstimate: true });
    expect(p1.total).toBeGreaterThanOrEqual(6);
    const p2 = await w.list('pageSize=3&page=2');
    expect(w.keysOf(p2)).toEqual(['D', 'C', 'B']);
    // The last page is short: it tells the exact total.
    const p3 = await w.list('pageSize=3&page=3');
    expect(w.keysOf(p3)).toEqual(['A']);
    expect(p3).toMatchObject({ total: 7, totalIsEstimate: false });
    expect(w.keysOf(await w.list('pageSize=3&page=9'))).toEqual([]);
  });

  it('counts exactly below the threshold, even when the page is full', async () => {
    const page = await w.list(`pageSize=2&subjectId=${w.cur.s1}`);
    expect(w.keysOf(page)).toEqual(['C', 'B']);
    expect(page).toMatchObject({ total: 3, totalIsEstimate: false });
  });

  it('a page past the end keeps the exact total, so the screen can step to the last page at once', async () => {
    const page = await w.list(`pageSize=2&page=60&subjectId=${w.cur.s1}`);
    expect(w.keysOf(page)).toEqual([]);
    expect(page).toMatchObject({ total: 3, totalIsEstimate: false, page: 60 });
  });
});

describe('fileteredquestion and notInAssessment', () => {
  it('is the same w.list, open to the assessment builders (listofquestions is not)', async () => {
    const page = await w.list('pageSize=100&language=Hindi', 'fileteredquestion', w.pickerToken);
    expect(w.keysOf(page)).toEqual(['G', 'C']);
    expect((await w.get(w.pickerToken, '/questions/listofquestions')).statusCode).toBe(403);
  });

  // notInAssessment against real practices: modules/practices/practices.test.ts.
});
