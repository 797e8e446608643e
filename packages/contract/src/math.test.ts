import { describe, expect, it } from 'vitest';
import { mathSegments, unclosedMath } from './math.ts';

describe('mathSegments', () => {
  it('splits inline and display formulas from text, keeping offsets', () => {
    const s = 'Area \\(\\pi r^2\\) and \\[x^2\\] end';
    expect(mathSegments(s)).toEqual([
      { kind: 'text', text: 'Area ' },
      { kind: 'math', tex: '\\pi r^2', display: false, at: 5 },
      { kind: 'text', text: ' and ' },
      { kind: 'math', tex: 'x^2', display: true, at: 21 },
      { kind: 'text', text: ' end' },
    ]);
  });
  it('leaves an unclosed formula as text and reports where it opens', () => {
    expect(mathSegments('a \\(x')).toEqual([{ kind: 'text', text: 'a \\(x' }]);
    expect(unclosedMath('ok \\(1\\) then \\[2')).toBe(14);
    expect(unclosedMath('ok \\(1\\)')).toBeNull();
  });
});
