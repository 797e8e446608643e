import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';
import { isSimpleMarkup, storedRichText } from './stored.ts';

/**
 * The fast path must answer exactly what sanitize-html answers: compared on
 * many generated texts, from well-formed simple markup (taken fast) to tags
 * out of order, attributes, entities, other tags and stray brackets (sent
 * to sanitize-html).
 */

// A fixed generator, so a failure is reproducible.
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

const WORDS = [
  'x',
  ' ',
  '  ',
  'Photosynthesis',
  '\\(x^{2}\\)',
  '\\[\\frac{1}{2}\\]',
  '"q"',
  "'y'",
  '\r\n',
  '\t',
  '\u00a0',
  '\u0000',
  '\ufeff',
  'प्रकाश',
  '😀',
  '=',
  '/',
  '\\',
];
const SIMPLE = ['p', 'b', 'strong', 'em', 'i', 'u', 's', 'sub', 'sup', 'code'];
const OTHER = [
  '<br>',
  '<br/>',
  '<P>',
  '<p class="a">',
  '<script>',
  '</script>',
  '<li>',
  '<ul>',
  '<div>',
  '<span>',
  '<h3>',
  '<a href="https://x.org">',
  '</a>',
  '<img src=x>',
  '&amp;',
  '&lt;',
  '&nbsp;',
  '&',
  '<',
  '>',
  '< b>',
  '<!-- c -->',
];

function simpleText(rnd: (n: number) => number, depth: number, top: boolean): string {
  let out = '';
  for (let k = rnd(4); k >= 0; k--) {
    if (depth < 3 && rnd(3) === 0) {
      const tag = top ? SIMPLE[rnd(SIMPLE.length)]! : SIMPLE[1 + rnd(SIMPLE.length - 1)]!;
      out += `<${tag}>${simpleText(rnd, depth + 1, false)}</${tag}>`;
    } else out += WORDS[rnd(WORDS.length)];
  }
  return out;
}

function anyText(rnd: (n: number) => number): string {
  let out = '';
  for (let k = rnd(8); k >= 0; k--) {
    const pick = rnd(4);
    if (pick === 0) out += WORDS[rnd(WORDS.length)];
    else if (pick === 1) out += `<${SIMPLE[rnd(SIMPLE.length)]}>`;
    else if (pick === 2) out += `</${SIMPLE[rnd(SIMPLE.length)]}>`;
    else out += OTHER[rnd(OTHER.length)];
  }
  return out;
}

describe('storedRichText', () => {
  it('answers what sanitize-html answers for well-formed simple markup, without it', () => {
    const rnd = random(7);
    let fast = 0;
    for (let n = 0; n < 5000; n++) {
      const html = simpleText(rnd, 0, true);
      if (isSimpleMarkup(html)) fast++;
      expect(storedRichText(html), JSON.stringify(html)).toBe(sanitizeRichText(html));
    }
    expect(fast).toBeGreaterThan(4000);
  });

  it('answers what sanitize-html answers for anything else', () => {
    const rnd = random(11);
    let fast = 0;
    for (let n = 0; n < 20000; n++) {
      const html = anyText(rnd);
      if (isSimpleMarkup(html)) fast++;
      expect(storedRichText(html), JSON.stringify(html)).toBe(sanitizeRichText(html));
    }
    // Some generated texts are simple by chance; most are not.
    expect(fast).toBeGreaterThan(100);
    expect(fast).toBeLessThan(15000);
  });

  it('sends tags out of order, nested paragraphs, attributes and entities to sanitize-html', () => {
    for (const html of [
      '<b><i>x</b></i>',
      '<p><p>x</p></p>',
      '<b><p>x</p></b>',
      '<p>a</p></p>',
      '<p>',
      '<p class="x">a</p>',
      'a &amp; b',
      'a > b',
      'a < b',
      '<br>',
      '<P>x</P>',
    ])
      expect(isSimpleMarkup(html), html).toBe(false);
    expect(isSimpleMarkup(' <p>Is <b>\\(x^{2}\\)</b> even?</p><p>Yes</p> ')).toBe(true);
  });
});
