import { describe, expect, it } from 'vitest';
import { splitProblems } from './problems.ts';

describe('splitProblems', () => {
  it('puts each problem on its item or section, and the rest at the top', () => {
    const p = splitProblems([
      { path: 'items', message: 'Add at least one active question' },
      { path: 'items.7', message: 'Item 1: set its marks' },
      { path: 'items.7', message: 'Item 1: the question is draft in the bank' },
      { path: 'sections.3', message: 'Section "A" has no active question' },
      { path: 'sections', message: 'The sections’ times are more than the duration' },
    ]);
    expect(p.top).toEqual([
      'Add at least one active question',
      'The sections’ times are more than the duration',
    ]);
    expect(p.items.get(7)).toEqual([
      'Item 1: set its marks',
      'Item 1: the question is draft in the bank',
    ]);
    expect(p.sections.get(3)).toEqual(['Section "A" has no active question']);
  });
});
