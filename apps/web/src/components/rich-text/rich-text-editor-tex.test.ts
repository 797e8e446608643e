import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { checkTex, firstTexProblem } from './rich-text-editor-tex.ts';

describe('the editor TeX check', () => {
  it('takes formulas KaTeX draws', () => {
    expect(checkTex(katex, '\\frac{a}{b}', false)).toBe(null);
    expect(firstTexProblem(katex, '<p>Area \\(\\pi r^2\\) and \\[x^2\\]</p>')).toBe(null);
  });

  it('names the character where a refused formula starts, in the visible text', () => {
    const problem = firstTexProblem(katex, '<p><strong>Find</strong> \\(\\frac{1}{\\)</p>');
    expect(problem).toMatch(/^The formula at character 6 is invalid: /);
    expect(problem).not.toContain('KaTeX parse error');
  });

  it('refuses commands that need trust instead of drawing them in red', () => {
    expect(checkTex(katex, '\\href{javascript:alert(1)}{x}', false)).toBe(
      '\\href is not allowed in a formula',
    );
  });

  it('says where a formula is never closed', () => {
    expect(firstTexProblem(katex, '<p>ok \\(x\\) then \\[y</p>')).toBe(
      'The formula at character 15 is not closed (add \\])',
    );
  });

  it('stops a macro bomb at the shared expansion limit', () => {
    const bomb = `\\def\\a{\\b\\b}\\def\\b{\\c\\c}\\def\\c{\\d\\d}\\def\\d{xx}${'\\a'.repeat(40)}`;
    expect(checkTex(katex, bomb, false)).toMatch(/expansion/i);
  });
});
