import { describe, expect, it } from 'vitest';
import { richTextView } from './view.ts';

describe('richTextView (a list row drawn by the server)', () => {
  it('draws each formula with KaTeX and keeps the text around it', () => {
    const html = richTextView('<p>Area \\(x^2\\) and \\[\\frac{a}{b}\\] here</p>');
    expect(html.startsWith('<p>Area <span class="rt-math"><span class="katex">')).toBe(true);
    expect(html).toContain('<span class="rt-math rt-math-display"><span class="katex-display">');
    expect(html).toContain('<math');
    expect(html.endsWith(' here</p>')).toBe(true);
  });

  it('leaves text without formulas, and formulas in code, as they are', () => {
    expect(richTextView('<p>Plain &amp; simple</p>')).toBe('<p>Plain &amp; simple</p>');
    expect(richTextView('<p><code>\\(x\\)</code></p>')).toBe('<p><code>\\(x\\)</code></p>');
  });

  it('sanitises again as it reads: no script, handler or javascript: link survives', () => {
    const html = richTextView(
      '<p onclick="alert(1)">a<script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">l</a></p>',
    );
    expect(html).not.toMatch(/onclick|onerror|<script|javascript:|<img/i);
  });

  it('escapes the text around a formula, entities included', () => {
    const html = richTextView(
      '<p>&lt;b&gt;x&lt;/b&gt; \\(y\\) &lt;img src=x onerror=alert(1)&gt;</p>',
    );
    expect(html).toContain('<p>&lt;b&gt;x&lt;/b&gt; <span class="rt-math">');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(html).not.toContain('<img');
  });

  it('draws trusted commands as error text, never as links, images or attributes', () => {
    const html = richTextView(
      '<p>\\(\\href{javascript:alert(1)}{x}\\) \\(\\includegraphics{/x.png}\\) \\(\\htmlData{a=b}{c}\\)</p>',
    );
    // The TeX source stays as escaped text (MathML's annotation), never as an address.
    expect(html).not.toMatch(/<a |<img|href=|src=|data-a=/);
  });

  it('shows a refused or too long formula as its source, in the error style', () => {
    // KaTeX's own error markup (throwOnError off), as in the browser.
    const bad = richTextView('<p>\\(\\frac{1}{\\)</p>');
    expect(bad).toMatch(
      /<span class="katex-error" title="[^"]*" style="color:#b00020">\\frac\{1\}\{<\/span>/,
    );
    const long = richTextView(`<p>\\(${'x'.repeat(2001)}\\)</p>`);
    expect(long).toContain('title="Formula too long"');
  });
});
