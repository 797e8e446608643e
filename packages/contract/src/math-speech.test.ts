import { describe, expect, it } from 'vitest';
import { speakMath, spokenMath } from './math-speech.ts';

describe('formulas in words', () => {
  it.each([
    ['3^2', '3 squared'],
    ['x^3 + 1', 'x cubed plus 1'],
    ['2^{10}', '2 to the power of 10'],
    ['\\frac{1}{2}', '1 over 2'],
    ['\\sqrt{16} = 4', 'the square root of 16 equals 4'],
    ['\\sqrt[3]{27}', 'the root 3 of 27'],
    ['12 \\times 3', '12 times 3'],
    ['a_1 \\le b', 'a sub 1 is less than or equal to b'],
    ['\\alpha + \\beta', 'alpha plus beta'],
    ['\\left( x - 1 \\right)', '( x minus 1 )'],
    ['45^\\circ', '45 degrees'],
  ])('%s reads "%s"', (tex, words) => {
    expect(spokenMath(tex)).toBe(words);
  });

  it('says every formula of a text and leaves the rest', () => {
    expect(speakMath('What is \\(3^2\\)?')).toBe('What is 3 squared?');
    expect(speakMath('Solve \\[\\frac{x}{2} = 5\\] for x.')).toBe('Solve x over 2 equals 5 for x.');
    expect(speakMath('No formula \\( here')).toBe('No formula \\( here');
  });
});
