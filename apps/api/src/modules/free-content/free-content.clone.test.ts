import { describe, expect, it } from 'vitest';
import type { NodeRow } from '../toc/toc.queries.ts';
import { matchNodes } from './free-content.clone.ts';

let nextId = 1;
/** A node row; only what matching reads matters. */
const n = (title: string, parentId: number | null, extra: Partial<NodeRow> = {}): NodeRow => ({
  id: nextId++,
  bookId: 0,
  parentId,
  kind: parentId === null ? 'chapter' : 'section',
  title,
  chapterId: null,
  topicId: null,
  position: 0,
  isFree: false,
  status: 'active',
  contentCount: 0,
  ...extra,
});

describe('matching a sample onto another TOC', () => {
  it('prefers the master link over the title, and the same parent among equal titles', () => {
    const a1 = n('Fractions', null, { chapterId: 7 });
    const a1x = n('Exercises', a1.id);
    const a2 = n('Decimals', null, { chapterId: 8 });
    const a2x = n('Exercises', a2.id);
    // In the target, the chapters come in another order and one has another title.
    const b2 = n('Decimal numbers', null, { chapterId: 8 });
    const b2x = n('Exercises', b2.id);
    const b1 = n('Fractions', null, { chapterId: 7 });
    const b1x = n('exercises ', b1.id);
    const decoy = n('Fractions', null);
    const m = matchNodes([a1, a1x, a2, a2x], [b2, b2x, b1, b1x, decoy]);
    expect(m.get(a1.id)).toEqual({ id: b1.id, by: 'master' });
    expect(m.get(a2.id)).toEqual({ id: b2.id, by: 'master' });
    expect(m.get(a1x.id)).toEqual({ id: b1x.id, by: 'title' });
    expect(m.get(a2x.id)).toEqual({ id: b2x.id, by: 'title' });
  });

  it('uses a target node once, and leaves a node without counterpart unmatched', () => {
    const a = n('Revision', null);
    const b = n('Revision', null);
    const c = n('Appendix', null);
    const t = n('REVISION', null);
    const m = matchNodes([a, b, c], [t]);
    expect(m.get(a.id)).toEqual({ id: t.id, by: 'title' });
    expect(m.has(b.id)).toBe(false);
    expect(m.has(c.id)).toBe(false);
  });
});
