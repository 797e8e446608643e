import { MAX_LISTED_CHANGES } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { changedSinceExport, ImportChanges } from './changes.ts';

describe('ImportChanges', () => {
  it('counts rows that create, update or change nothing, and lists each changed cell', () => {
    const c = new ImportChanges();
    c.create();
    expect(c.compare(3, [['Title', 'A', 'A']])).toBe(false);
    expect(
      c.compare(4, [
        ['Title', 'A', 'B'],
        ['Status', 'draft', 'draft'],
        ['Series', 'S', ''],
      ]),
    ).toBe(true);
    expect(c.report).toEqual({
      created: 1,
      updated: 1,
      unchanged: 1,
      changes: [
        { row: 4, column: 'Title', from: 'A', to: 'B' },
        { row: 4, column: 'Series', from: 'S', to: '' },
      ],
      unlistedChanges: 0,
    });
  });

  it(`lists ${MAX_LISTED_CHANGES.toLocaleString('en')} changed cells and counts the rest`, () => {
    const c = new ImportChanges();
    for (let row = 2; row < MAX_LISTED_CHANGES + 7; row++) c.compare(row, [['Marks', '1', '2']]);
    expect(c.report.changes).toHaveLength(MAX_LISTED_CHANGES);
    expect(c.report.unlistedChanges).toBe(5);
    expect(c.report.updated).toBe(MAX_LISTED_CHANGES + 5);
  });
});

describe('changedSinceExport', () => {
  const stored = { updatedAt: new Date('2026-11-28T10:42:13.456Z'), updatedBy: 'Asha' };

  it('passes a row exported at or after the last change; no time, no check', () => {
    expect(changedSinceExport(2, new Date('2026-11-28T10:42:13.456Z'), stored)).toBeNull();
    expect(changedSinceExport(2, undefined, stored)).toBeNull();
  });

  it('refuses one changed after, naming who and when (UTC, to the minute)', () => {
    expect(changedSinceExport(5, new Date('2026-11-28T10:42:13.455Z'), stored)).toEqual({
      row: 5,
      column: 'Updated at',
      message:
        'Changed by Asha at 2026-11-28 10:42 UTC since your export: download the list again and redo this row',
    });
  });

  it('compares a time typed without milliseconds to the second', () => {
    expect(changedSinceExport(2, new Date('2026-11-28T10:42:13Z'), stored)).toBeNull();
    expect(changedSinceExport(2, new Date('2026-11-28T10:42:12Z'), stored)).not.toBeNull();
  });
});
