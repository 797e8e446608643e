import { describe, expect, it } from 'vitest';
import { questionBulkEditBody } from './bulk-edit-sets.ts';

const refusals = (selection: unknown) =>
  questionBulkEditBody
    .safeParse({ selection, set: { difficulty: 'easy' } })
    .error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('a bulk edit selection', () => {
  it('names what is wrong with rows picked by id or with the filter in their own words', () => {
    expect(refusals({ ids: [] })).toEqual([['selection.ids', 'Choose at least one row']]);
    expect(refusals({ ids: [4, 4] })).toEqual([['selection.ids', 'Each id may appear once']]);
    expect(refusals({ filter: { q: 'x'.repeat(201) } })).toEqual([
      ['selection.filter.q', 'At most 200 characters'],
    ]);
  });

  it('says what a selection is when it is neither shape, or both', () => {
    const words =
      'Choose the rows either by id ("ids") or as all that match a filter ("filter"), not both';
    for (const selection of [{}, { ids: [1], filter: {} }, 'all'])
      expect(refusals(selection)).toEqual([['selection', words]]);
    expect(refusals({ ids: [1, 2] })).toBeUndefined();
    expect(refusals({ filter: {} })).toBeUndefined();
  });
});
