import { describe, expect, it } from 'vitest';
import { selectAt, selectionSchema } from './selection.ts';

describe('selection', () => {
  it('reads ids from the URL and drops what is not one', () => {
    const params = Object.fromEntries(new URLSearchParams('grade=4&subject=abc&chapter=-1'));
    expect(selectionSchema.parse(params)).toEqual({ grade: 4 });
  });

  it('choosing a level clears the levels below', () => {
    expect(selectAt('grade', 2)).toEqual({ grade: 2, subject: null, chapter: null });
    expect(selectAt('subject', 5)).toEqual({ subject: 5, chapter: null });
    expect(selectAt('chapter', 7)).toEqual({ chapter: 7 });
  });
});
