import { describe, expect, it } from 'vitest';
import { richTextWords } from './rich-text-words.ts';

describe('richTextWords', () => {
  it('one line of words from rich text, cut with an ellipsis', () => {
    expect(richTextWords('<p>2 &lt; 3 &amp;&nbsp;<b>more</b></p>')).toBe('2 < 3 & more');
    expect(richTextWords('<p>abcdefghij</p>', 5)).toBe('abcd…');
    expect(richTextWords('<p>Read this.</p><p>Then answer.</p>')).toBe('Read this. Then answer.');
    expect(richTextWords(null)).toBe('');
  });

  it('says formulas in words, never raw LaTeX', () => {
    expect(richTextWords('<p>What is \\(3^2\\)?</p>')).toBe('What is 3 squared?');
    expect(richTextWords('<p>Halve it: \\(\\frac{8}{2}\\)</p>')).toBe('Halve it: 8 over 2');
  });
});
