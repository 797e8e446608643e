import { KATEX_LIMITS } from '@bo/contract/math';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { hasMath, renderRichText } from './render-rich-text.ts';

/** Renders into a detached element so the result can be inspected as DOM. */
function dom(html: string, withKatex = true, inline = false) {
  const el = document.createElement('div');
  el.innerHTML = renderRichText(html, withKatex ? katex : null, inline);
  return el;
}

/**
 * A formula KaTeX refused: the whole source in an error span, or (for a
 * command refused because trust is off, like \href) the command's name in the
 * error colour.
 */
const refused = (el: HTMLElement) =>
  el.querySelector('.katex-error, .rt-math-error, [style*="color:#b00020"]');

/** Every attribute value in the tree that could carry script. */
function scriptUrls(el: HTMLElement) {
  return [...el.querySelectorAll('*')]
    .flatMap((n) => [...n.attributes].map((a) => `${a.name}=${a.value}`))
    .filter((v) => /javascript:|vbscript:|data:text\/html|^on/i.test(v));
}

const XSS = [
  `<img src=x onerror="window.__xss=1">`,
  `<svg onload="window.__xss=1"><foreignObject/></svg>`,
  `"><script>window.__xss=1</script>`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href=" JaVaScRiPt:alert(1)">click</a>`,
  `<a href="data:text/html,<script>alert(1)</script>">x</a>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<p style="background:url(javascript:alert(1))" onclick="alert(1)">p</p>`,
  `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
  `<form action="javascript:alert(1)"><button>go</button></form>`,
  `<img src="https://evil.example/track.png">`,
  `<img src="/api/questions/image?key=a.png&x=javascript:alert(1)">`,
  `<object data="javascript:alert(1)"></object><embed src="x">`,
  `<div data-x="1" class="evil" id="main-content">hi</div>`,
];

describe('renderRichText: HTML', () => {
  it.each(XSS)('leaves nothing that runs: %s', (payload) => {
    const el = dom(payload);
    expect(el.querySelector('script, svg, iframe, object, embed, form, math foreignObject')).toBe(
      null,
    );
    expect(scriptUrls(el)).toEqual([]);
    for (const img of el.querySelectorAll('img')) {
      expect(img.getAttribute('src')).toMatch(/^\/api\/questions\/image\?key=/);
    }
    expect(el.querySelector('[style], [class="evil"], [id], [data-x]')).toBe(null);
  });

  it('keeps the markup an author writes', () => {
    const el = dom(
      '<p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s> H<sub>2</sub>O x<sup>2</sup></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><table><tbody><tr><th colspan="2">h</th></tr><tr><td>1</td><td>2</td></tr></tbody></table>',
    );
    expect(el.querySelector('th')?.getAttribute('colspan')).toBe('2');
    for (const tag of [
      'strong',
      'em',
      'u',
      's',
      'sub',
      'sup',
      'ul',
      'ol',
      'li',
      'blockquote',
      'td',
    ]) {
      expect(el.querySelector(tag), tag).not.toBe(null);
    }
    expect(el.textContent).toContain('H2O');
  });

  it('keeps our images and links to the web, opening apart', () => {
    const el = dom(
      '<p><img src="/api/questions/image?key=ab12-cd.png" alt="A triangle"> <a href="https://example.org/x">see</a></p>',
    );
    const img = el.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/api/questions/image?key=ab12-cd.png');
    expect(img?.getAttribute('alt')).toBe('A triangle');
    const a = el.querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://example.org/x');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(a?.getAttribute('target')).toBe('_blank');
  });

  it('shows escaped text as text', () => {
    const el = dom('<p>&lt;script&gt;alert(1)&lt;/script&gt; a &amp; b</p>');
    expect(el.querySelector('script')).toBe(null);
    expect(el.textContent).toBe('<script>alert(1)</script> a & b');
  });

  it('lays paragraphs in a line when inline', () => {
    const el = dom('<p>one</p><p>two</p>', true, true);
    expect(el.querySelector('p')).toBe(null);
    expect(el.querySelectorAll('span.rt-block')).toHaveLength(2);
  });
});

describe('renderRichText: math', () => {
  it('renders inline and display formulas with KaTeX', () => {
    const el = dom('<p>Solve \\(x^2 = 4\\) then</p><p>\\[\\frac{a}{b}\\]</p>');
    const maths = el.querySelectorAll('.rt-math');
    expect(maths).toHaveLength(2);
    expect(maths[0]?.querySelector('.katex')).not.toBe(null);
    expect(maths[1]?.classList.contains('rt-math-display')).toBe(true);
    expect(maths[1]?.querySelector('.katex-display')).not.toBe(null);
    expect(el.textContent).toContain('Solve');
  });

  it('reads formulas holding < and & as written', () => {
    const el = dom('<p>\\(a &lt; b \\land c &gt; d\\)</p>');
    expect(el.querySelector('.katex-error, .rt-math-error')).toBe(null);
    expect(el.querySelector('annotation')?.textContent).toBe('a < b \\land c > d');
  });

  it('shows the source of an invalid formula in the error style', () => {
    const el = dom('<p>\\(\\frac{1}{\\)</p>');
    const error = el.querySelector('.katex-error, .rt-math-error');
    expect(error).not.toBe(null);
    expect(error?.textContent).toContain('\\frac{1}{');
  });

  it('shows the source until KaTeX is loaded', () => {
    const el = dom('<p>\\(x+1\\)</p>', false);
    expect(el.querySelector('[data-math-pending]')?.textContent).toBe('\\(x+1\\)');
  });

  it('leaves formulas inside code as code', () => {
    const el = dom('<pre><code>\\(x\\)</code></pre>');
    expect(el.querySelector('.rt-math')).toBe(null);
  });

  it.each([
    ['\\href{javascript:alert(1)}{x}'],
    ['\\url{javascript:alert(1)}'],
    ['\\includegraphics{https://evil.example/a.png}'],
    ['\\htmlData{foo=bar}{x}'],
    ['\\htmlClass{evil}{x}'],
    ['\\htmlStyle{background:url(javascript:alert(1))}{x}'],
    ['\\htmlId{main-content}{x}'],
  ])('refuses trusted commands: %s', (tex) => {
    const el = dom(`<p>\\(${tex}\\)</p>`);
    expect(scriptUrls(el)).toEqual([]);
    expect(el.querySelector('a, img, [data-foo], .evil, #main-content')).toBe(null);
    expect(refused(el)).not.toBe(null);
  });

  it.each([
    [
      '\\def\\a{\\b\\b}\\def\\b{\\c\\c}\\def\\c{\\d\\d}\\def\\d{\\e\\e}\\def\\e{\\f\\f}\\def\\f{xxxxxxxx}\\a\\a\\a\\a',
    ],
    ['\\def\\x{\\x\\x}\\x'],
    ['\\newcommand{\\r}[1]{#1#1#1#1}\\r{\\r{\\r{\\r{\\r{\\r{x}}}}}}'],
  ])('ends a macro or size bomb quickly: %s', (tex) => {
    const started = performance.now();
    const el = dom(`<p>\\(${tex}\\)</p>`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(el.innerHTML.length).toBeLessThan(200_000);
    expect(refused(el)).not.toBe(null);
  });

  it('clamps a huge size to the shared limit', () => {
    const el = dom('<p>\\(\\rule{100000em}{100000em}\\)</p>');
    const styles = [...el.querySelectorAll('[style]')]
      .map((n) => n.getAttribute('style'))
      .join(';');
    const sizes = [...styles.matchAll(/(-?[\d.]+)em/g)].map((m) => Math.abs(Number(m[1])));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(KATEX_LIMITS.maxSize * 2);
  });

  it('refuses a formula over the length limit without parsing it', () => {
    const el = dom(`<p>\\(${'x+'.repeat(1200)}x\\)</p>`);
    expect(el.querySelector('.rt-math-error')?.getAttribute('title')).toBe('Formula too long');
  });

  it('tells whether a text holds a formula', () => {
    expect(hasMath('<p>no math</p>')).toBe(false);
    expect(hasMath('<p>\\(x\\)</p>')).toBe(true);
    expect(hasMath('<p>\\(unclosed</p>')).toBe(false);
  });
});
