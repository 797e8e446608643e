import { describe, expect, it } from 'vitest';
import { countBy, dayOf, inRange, PREVIOUS, RANGE, useReportWorld } from './reports.testing.ts';

/**
 * Every report against counts made here from the activity that was sent
 * through the ingest route (the same events, as plain records).
 */

const w = useReportWorld();
const q = (extra = '') => `from=${RANGE.from}&to=${RANGE.to}${extra}`;
const ok = async (url: string) => {
  const res = await w.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const change = (value: number, previous: number) =>
  previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 1000;

/** Every learner's activity times: session starts, redemptions, views, feedback, attempts. */
function activityTimes() {
  const a = w.activity;
  return [
    ...a.sessions.map((s) => ({ learner: s.learner, at: s.at })),
    ...a.redemptions,
    ...a.views,
    ...a.feedback,
    ...a.attempts,
  ];
}
const distinct = (list: { learner: string }[]) => new Set(list.map((x) => x.learner)).size;

describe('reports equal the raw activity', () => {
  it('learners: registered and active, per day and over the range, with the previous period', async () => {
    for (const city of [undefined, 'Pune']) {
      const keep = new Set(
        w.activity.learners.filter((l) => !city || l.city === city).map((l) => l.uid),
      );
      const body = await ok(
        `/reports/getuserdatareport?${q(city ? `&city=${city}` : '')}&pageSize=100`,
      );
      const reg = (r: typeof RANGE) =>
        w.activity.learners.filter((l) => keep.has(l.uid) && inRange(l.at, r));
      const act = (r: typeof RANGE) =>
        activityTimes().filter((x) => keep.has(x.learner) && inRange(x.at, r));
      expect(body.previousRange).toEqual(PREVIOUS);
      expect(body.summary.registered.value).toBe(reg(RANGE).length);
      expect(body.summary.registered.previous).toBe(reg(PREVIOUS).length);
      expect(body.summary.registered.change).toBe(change(reg(RANGE).length, reg(PREVIOUS).length));
      expect(body.summary.active.value).toBe(distinct(act(RANGE)));
      expect(body.summary.active.previous).toBe(distinct(act(PREVIOUS)));
      expect(body.series).toHaveLength(10);
      for (const d of body.series) {
        const day = { from: d.day, to: d.day };
        expect(d.registered, d.day).toBe(reg(day).length);
        expect(d.active, d.day).toBe(distinct(act(day)));
      }
      expect(body.rows.total).toBe(reg(RANGE).length);
      expect(body.rows.items.map((r: { id: number }) => r.id).sort()).toEqual(
        reg(RANGE)
          .map((l) => l.id)
          .sort(),
      );
    }
  });

  it('sessions: counts, learners, average length and length buckets', async () => {
    const body = await ok(`/reports/getusersession?${q()}`);
    const of = (r: typeof RANGE) => w.activity.sessions.filter((s) => inRange(s.at, r));
    const avg = (list: { seconds: number | null }[]) => {
      const ended = list.filter((s) => s.seconds !== null) as { seconds: number }[];
      return ended.length ? Math.round(ended.reduce((t, s) => t + s.seconds, 0) / ended.length) : 0;
    };
    expect(body.summary.sessions).toMatchObject({
      value: of(RANGE).length,
      previous: of(PREVIOUS).length,
    });
    expect(body.summary.learners.value).toBe(distinct(of(RANGE)));
    expect(body.summary.averageSeconds).toMatchObject({
      value: avg(of(RANGE)),
      previous: avg(of(PREVIOUS)),
    });
    const lengths = Object.fromEntries(
      body.lengths.map((l: { label: string; count: number }) => [l.label, l.count]),
    );
    expect(lengths['Not ended']).toBe(of(RANGE).filter((s) => s.seconds === null).length);
    expect(lengths['Under 1 min']).toBe(
      of(RANGE).filter((s) => s.seconds !== null && s.seconds < 60).length,
    );
    expect(lengths['Over 1 hour']).toBe(of(RANGE).filter((s) => (s.seconds ?? 0) >= 3600).length);
    const perDay = countBy(of(RANGE), (s) => dayOf(s.at));
    for (const d of body.series) expect(d.sessions, d.day).toBe(perDay.get(d.day) ?? 0);
    const android = await ok(`/reports/getusersession?${q('&platform=android')}`);
    expect(android.summary.sessions.value).toBe(
      of(RANGE).filter((s) => s.platform === 'android').length,
    );
    expect(android.rows.items.every((r: { platform: string }) => r.platform === 'android')).toBe(
      true,
    );
  });

  it('redemptions: by day and by book, and one book alone', async () => {
    const body = await ok(`/reports/getuserredemtionsreports?${q()}`);
    const of = (r: typeof RANGE) => w.activity.redemptions.filter((x) => inRange(x.at, r));
    expect(body.summary.redemptions).toMatchObject({
      value: of(RANGE).length,
      previous: of(PREVIOUS).length,
    });
    expect(body.summary.learners.value).toBe(distinct(of(RANGE)));
    const perDay = countBy(of(RANGE), (x) => dayOf(x.at));
    for (const d of body.series) expect(d.redemptions, d.day).toBe(perDay.get(d.day) ?? 0);
    const perBook = countBy(of(RANGE), (x) => x.bookId);
    const before = countBy(of(PREVIOUS), (x) => x.bookId);
    for (const b of body.byBook) {
      expect(b.redemptions).toBe(perBook.get(b.bookId));
      expect(b.previous).toBe(before.get(b.bookId) ?? 0);
    }
    expect(body.byBook).toHaveLength(perBook.size);
    const one = await ok(`/reports/getuserredemtionsreports?${q(`&bookId=${w.books[0]}`)}`);
    expect(one.summary.redemptions.value).toBe(perBook.get(w.books[0]!) ?? 0);
    expect(one.rows.total).toBe(perBook.get(w.books[0]!) ?? 0);
  });

  it('feedback: count, average rating, ratings, and the rating filter', async () => {
    const body = await ok(`/reports/downloadfeedback?${q()}`);
    const of = (r: typeof RANGE) => w.activity.feedback.filter((x) => inRange(x.at, r));
    const mean = (list: { rating: number }[]) =>
      list.length
        ? Math.round((list.reduce((t, x) => t + x.rating, 0) / list.length) * 100) / 100
        : 0;
    expect(body.summary.feedback).toMatchObject({
      value: of(RANGE).length,
      previous: of(PREVIOUS).length,
    });
    expect(body.summary.averageRating).toMatchObject({
      value: mean(of(RANGE)),
      previous: mean(of(PREVIOUS)),
    });
    const byRating = countBy(of(RANGE), (x) => x.rating);
    for (const r of body.ratings) expect(r.count).toBe(byRating.get(r.rating) ?? 0);
    const fives = await ok(`/reports/downloadfeedback?${q('&rating=5')}`);
    expect(fives.rows.total).toBe(byRating.get(5) ?? 0);
  });

  it('one book and books side by side: every figure, with the previous period', async () => {
    const [a, b] = w.books as [number, number];
    const figures = (bookId: number, r: typeof RANGE) => {
      const x = w.activity;
      const red = x.redemptions.filter((e) => e.bookId === bookId && inRange(e.at, r));
      const views = x.views.filter((e) => e.bookId === bookId && inRange(e.at, r));
      const fb = x.feedback.filter((e) => e.bookId === bookId && inRange(e.at, r));
      const att = bookId === w.practiceBookId ? x.attempts.filter((e) => inRange(e.at, r)) : [];
      return {
        redemptions: red.length,
        views: views.length,
        viewSeconds: views.reduce((t, v) => t + v.seconds, 0),
        feedback: fb.length,
        attempts: att.length,
        scans: 0,
        learners: distinct([...red, ...views, ...fb, ...att]),
        averageRating: fb.length
          ? Math.round((fb.reduce((t, f) => t + f.rating, 0) / fb.length) * 100) / 100
          : 0,
      };
    };
    const one = await ok(`/reports/getisbnanalytics?${q(`&bookId=${a}`)}`);
    expect(one.book.bookId).toBe(a);
    const want = figures(a, RANGE);
    const prev = figures(a, PREVIOUS);
    for (const [k, v] of Object.entries(want)) {
      expect(one.metrics[k], k).toMatchObject({ value: v, previous: prev[k as keyof typeof prev] });
    }
    const side = await ok(`/reports/getdatabyisbns?${q(`&bookIds=${b},${a}`)}`);
    expect(side.books.map((x: { book: { bookId: number } }) => x.book.bookId)).toEqual([b, a]);
    for (const entry of side.books) {
      const f = figures(entry.book.bookId, RANGE);
      for (const [k, v] of Object.entries(f)) expect(entry.metrics[k].value, k).toBe(v);
      const perDay = countBy(
        w.activity.views.filter((e) => e.bookId === entry.book.bookId && inRange(e.at, RANGE)),
        (e) => dayOf(e.at),
      );
      for (const d of entry.series) expect(d.views, d.day).toBe(perDay.get(d.day) ?? 0);
    }
  });

  it('assessment results: attempts, distribution, share correct and upper-lower 27 % discrimination', async () => {
    const body = await ok(`/reports/assessmentresults?${q(`&assessmentId=${w.practiceId}`)}`);
    const att = w.activity.attempts.filter((x) => inRange(x.at, RANGE));
    expect(body.attempts.value).toBe(att.length);
    expect(body.learners.value).toBe(new Set(att.map((x) => x.learner)).size);
    expect(body.discriminationMethod).toBe('upper-lower-27');
    expect(body.scoreDistribution.reduce((t: number, b: { count: number }) => t + b.count, 0)).toBe(
      att.length,
    );
    const full = body.scoreDistribution.at(-1).count;
    expect(full).toBe(att.filter((x) => x.pct === 1).length);
    const group = Math.ceil((27 * att.length) / 100);
    // The correct answers of a 27 % group: whole score levels from the best (or worst) on, the
    // level on the boundary in proportion (its ties broken at random, in expectation).
    const groupCorrect = (item: number, bestFirst: boolean) => {
      const levels = [...new Set(att.map((x) => x.pct))].sort((x, y) =>
        bestFirst ? y - x : x - y,
      );
      let left = group;
      let sum = 0;
      for (const level of levels) {
        const at = att.filter((x) => x.pct === level);
        const take = Math.min(left, at.length);
        sum += (take / at.length) * at.filter((x) => x.correct[item]).length;
        left -= take;
        if (!left) break;
      }
      return sum;
    };
    for (const item of [101, 102, 103]) {
      const row = body.questions.find((x: { itemId: number }) => x.itemId === item);
      const right = att.filter((x) => x.correct[item]).length;
      const answered = att.filter((x) => x.answered[item]).length;
      expect(row.answered).toBe(answered);
      expect(row.correctShare).toBe(Math.round((right / answered) * 1000) / 1000);
      if (att.length < 10) {
        expect(row.discrimination).toBeNull();
        continue;
      }
      const want = (groupCorrect(item, true) - groupCorrect(item, false)) / group;
      expect(Math.abs(row.discrimination - want), `item ${item}`).toBeLessThanOrEqual(0.0011);
    }
  });
});
