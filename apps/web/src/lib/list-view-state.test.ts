import { describe, expect, it } from 'vitest';
import {
  colsParam,
  moveColumn,
  readDensity,
  sameView,
  savedViewId,
  shownColumns,
  toggleColumn,
  viewQuery,
  viewSearch,
} from './list-view-state.ts';

const KEYS = ['isbn', 'title', 'grade', 'status', 'actions'];
const FIXED = ['actions'];

describe('columns in the URL', () => {
  it('shows every column without `cols`, and the named ones in their order with it', () => {
    expect(shownColumns(null, KEYS, FIXED)).toEqual(KEYS);
    expect(shownColumns('status,title', KEYS, FIXED)).toEqual(['status', 'title', 'actions']);
  });

  it('ignores unknown, repeated and fixed names; nothing known left shows every column', () => {
    expect(shownColumns('title,gone,title,actions', KEYS, FIXED)).toEqual(['title', 'actions']);
    expect(shownColumns('gone', KEYS, FIXED)).toEqual(KEYS);
    expect(shownColumns('', KEYS, FIXED)).toEqual(KEYS);
  });

  it('writes no `cols` for the default order, and the shown order otherwise', () => {
    expect(colsParam(KEYS, KEYS, FIXED)).toBeUndefined();
    expect(colsParam(['title', 'isbn', 'actions'], KEYS, FIXED)).toBe('title,isbn');
  });

  it('round-trips: what is written reads back the same', () => {
    const shown = ['status', 'isbn', 'actions'];
    expect(shownColumns(colsParam(shown, KEYS, FIXED) ?? null, KEYS, FIXED)).toEqual(shown);
  });

  it('hides a column, never the last movable one, and shows it again at its own place', () => {
    const hidden = toggleColumn(KEYS, 'grade', KEYS, FIXED);
    expect(hidden).toEqual(['isbn', 'title', 'status', 'actions']);
    expect(toggleColumn(hidden, 'grade', KEYS, FIXED)).toEqual(KEYS);
    expect(toggleColumn(['title', 'actions'], 'title', KEYS, FIXED)).toEqual(['title', 'actions']);
    // After a reorder, it comes back after the last shown column that precedes it in the table.
    expect(toggleColumn(['status', 'isbn', 'actions'], 'title', KEYS, FIXED)).toEqual([
      'status',
      'isbn',
      'title',
      'actions',
    ]);
  });

  it('moves a column up or down among the movable ones, not past either end', () => {
    expect(moveColumn(KEYS, 'title', -1, FIXED)).toEqual([
      'title',
      'isbn',
      'grade',
      'status',
      'actions',
    ]);
    expect(moveColumn(KEYS, 'status', 1, FIXED)).toEqual(KEYS);
    expect(moveColumn(KEYS, 'isbn', -1, FIXED)).toEqual(KEYS);
  });
});

describe('density and views in the URL', () => {
  it('reads density, comfortable unless compact', () => {
    expect(readDensity('compact')).toBe('compact');
    expect(readDensity(null)).toBe('comfortable');
    expect(readDensity('tiny')).toBe('comfortable');
  });

  it("saves a view's query without page or view id, its parameters in name order", () => {
    expect(viewQuery('status=active&page=3&savedView=7&cols=title%2Cisbn&q=')).toBe(
      'cols=title%2Cisbn&status=active',
    );
    expect(sameView('?b=2&a=1&page=2', 'a=1&b=2&savedView=4')).toBe(true);
    expect(sameView('a=1', 'a=2')).toBe(false);
  });

  it('opens a view at its query with its id, and reads the id back', () => {
    const search = viewSearch({ id: 12, query: 'status=active&density=compact' });
    expect(search).toBe('?status=active&density=compact&savedView=12');
    const params = new URLSearchParams(search);
    expect(savedViewId(params)).toBe(12);
    expect(viewQuery(params)).toBe('density=compact&status=active');
    expect(savedViewId(new URLSearchParams('savedView=abc'))).toBeNull();
    expect(viewSearch({ id: 3, query: '' })).toBe('?savedView=3');
  });
});
