import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../lib/rich-text/sanitize.ts';
import { checkFormula } from '../../lib/rich-text/tex.ts';
import { choice, type QuestionsWorld, questionsWorld, uniqueWords } from './questions.testing.ts';

/**
 * docs/security.md items 32 and 33: rich text is stored harmless whatever is
 * sent (the payloads of e2e/tests/xss.e2e.ts and more), and every formula is
 * checked with KaTeX at save: invalid TeX and unclosed delimiters are 400
 * with field and position; KaTeX payloads (trust-needing commands,
 * macro-expansion bombs) are refused quickly.
 */

let w: QuestionsWorld;
beforeAll(async () => {
  w = await questionsWorld();
});
afterAll(() => w?.t.close());

const IMAGE = '/api/questions/image?key=0b5e8c1a-3f2d-4c6b-9a7e-1d2c3b4a5f60.png';

/** Each payload with what must not survive it. */
const XSS = [
  `<img src=x onerror="window.__xss='1'">`,
  `<svg onload="window.__xss='2'"><foreignObject/></svg>`,
  `"><script>window.__xss='3'</script>`,
  `<a href="javascript:alert(4)">link</a>`,
  `<a href=" JaVaScRiPt:alert(5)">link</a>`,
  `<a href="java&#x09;script:alert(6)">link</a>`,
  `<a href="data:text/html,<script>alert(7)</script>">link</a>`,
  `<iframe src="https://evil.example/"></iframe>`,
  `<p style="background:url(javascript:alert(8))" class="x" id="y" onclick="alert(9)">styled</p>`,
  `<img src="data:image/png;base64,iVBOR" alt="d">`,
  `<img src="https://evil.example/track.png">`,
  `<img src="//evil.example${IMAGE}">`,
  `<img src="${IMAGE}" onerror="alert(10)" style="x" width="120" height="9999999">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(11)>`,
  `<object data="x.swf"></object><embed src="x.swf">`,
  `<form action="javascript:alert(12)"><button formaction="javascript:alert(13)">b</button></form>`,
  `<div><details open ontoggle="alert(14)">d</details></div>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(15)>"></noscript>`,
];

/** What a stored text must never hold. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<svg|<object|<embed|<form|<style|<math|<noscript/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/\s(style|class|id)\s*=/i);
  expect(html).not.toMatch(/javascript:|data:|evil\.example|src="x"/i);
  for (const m of html.matchAll(/<img\b[^>]*>/g))
    expect(m[0]).toMatch(/^<img src="\/api\/questions\/image\?key=[a-z0-9-]+\.png"/);
}

describe('sanitising', () => {
  it('stores every payload harmless in stem, options, explanation and model answer', async () => {
    for (const [i, payload] of XSS.entries()) {
      const stem = `<p>${uniqueWords()} ${i}</p>${payload}`;
      const { items } = await w.add(
        choice('', {
          stem,
          options: [
            { id: 'A', html: `A ${payload}`, correct: true },
            { id: 'B', html: `B ${payload}`, correct: false },
          ],
          explanation: `why ${payload}`,
        }),
        { type: 'subjective', stem: `${stem} model`, modelAnswer: `answer ${payload}` },
      );
      const [q, s] = await Promise.all(
        items.map(async (it) => (await w.get(`/questions/getquestionbyid?id=${it.id}`)).json()),
      );
      for (const html of [
        q.stem,
        q.options[0].html,
        q.options[1].html,
        q.explanation,
        s.modelAnswer,
      ])
        expectHarmless(html);
    }
  });

  it('keeps the allowed markup, marks links safe, and keeps our own images', () => {
    const html = sanitizeRichText(
      `<h3>Title</h3><p><strong>b</strong><em>i</em><u>u</u><s>s</s>H<sub>2</sub>O x<sup>2</sup></p>` +
        `<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>` +
        `<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>` +
        `<a href="https://example.org/x" target="_blank" rel="opener">web</a> <a href="mailto:a@b.c">mail</a> <a href="/relative">rel</a>` +
        `<img src="${IMAGE}" alt="figure" width="120" height="80">`,
    );
    expect(html).toBe(
      `<h3>Title</h3><p><strong>b</strong><em>i</em><u>u</u><s>s</s>H<sub>2</sub>O x<sup>2</sup></p>` +
        `<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>` +
        `<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>` +
        `<a href="https://example.org/x" rel="noopener noreferrer nofollow">web</a> <a href="mailto:a@b.c" rel="noopener noreferrer nofollow">mail</a> <a>rel</a>` +
        `<img src="${IMAGE}" alt="figure" width="120" height="80" />`,
    );
    // Idempotent: stored text sanitised again is unchanged.
    expect(sanitizeRichText(html)).toBe(html);
    for (const p of XSS) expect(sanitizeRichText(sanitizeRichText(p))).toBe(sanitizeRichText(p));
  });

  it('a stem that was only a script is empty after sanitising: 400 "Write the question"', async () => {
    const res = await w.post('/questions/addquestions', {
      questions: [choice('', { stem: '<script>alert(1)</script>' })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({
      path: 'body.questions.0.stem',
      message: 'Write the question',
    });
  });
});

describe('math', () => {
  async function texRefusal(q: object) {
    const res = await w.post('/questions/addquestions', { questions: [q] });
    expect(res.statusCode, res.body).toBe(400);
    return res.json().details as { path: string; message: string }[];
  }

  it('stores valid formulas: fractions, powers, roots, chemistry, Hindi text around them', async () => {
    const { items } = await w.add(
      choice(
        `${uniqueWords()} \\(\\frac{3}{4} + 2^{10} - \\sqrt{x}\\) and \\[\\mathrm{H_2SO_4} \\rightarrow 2\\mathrm{H^+}\\]`,
        {
          options: [
            { id: 'A', html: '\\(x &lt; y\\) सही', correct: true },
            { id: 'B', html: '\\(\\text{गलत}\\)', correct: false },
          ],
        },
      ),
    );
    expect(items[0]!.stem).toContain('\\frac{3}{4}');
  });

  it('refuses an invalid formula naming the field and the position', async () => {
    const details = await texRefusal(
      choice(uniqueWords(), {
        options: [
          { id: 'A', html: 'fine \\(x\\)', correct: true },
          { id: 'B', html: '<p>The sum \\(\\frac{1}\\) is</p>', correct: false },
        ],
      }),
    );
    expect(details).toHaveLength(1);
    expect(details[0]!.path).toBe('body.questions.0.options.1.html');
    expect(details[0]!.message).toMatch(/^Option B: the formula at character 9 is invalid: /);
  });

  it('refuses an unclosed delimiter with its position, in stem and explanation', async () => {
    const details = await texRefusal(
      choice('', { stem: '<p>Solve \\(x^2 = 4 for x</p>', explanation: 'See \\(a\\) and \\[b' }),
    );
    expect(details.map((d) => [d.path, d.message])).toEqual([
      ['body.questions.0.stem', 'Question: the formula at character 7 is not closed (add \\))'],
      [
        'body.questions.0.explanation',
        'Explanation: the formula at character 15 is not closed (add \\])',
      ],
    ]);
  });

  it('refuses KaTeX payloads quickly: trust-needing commands, strict-mode extensions, expansion bombs, huge formulas', async () => {
    const bombs = [
      '\\href{javascript:alert(1)}{click}',
      '\\url{javascript:alert(1)}',
      '\\includegraphics{https://evil.example/x.png}',
      '\\htmlData{foo=bar}{x}',
      '\\htmlClass{x}{y}',
      '\\def\\a{\\a\\a}\\a',
      '\\def\\x{\\y\\y}\\def\\y{\\z\\z}\\def\\z{\\w\\w}\\def\\w{\\v\\v}\\def\\v{\\u\\u}\\def\\u{aaaaaaaaaa}\\x\\x\\x\\x\\x\\x\\x\\x',
      '\\newcommand{\\b}[1]{#1#1#1#1}\\b{\\b{\\b{\\b{\\b{\\b{\\b{x}}}}}}}',
      '\\gdef\\loop{\\loop x}\\loop',
      `${'{'.repeat(1500)}x${'}'.repeat(1500)}`,
      'x'.repeat(2001),
    ];
    for (const tex of bombs) {
      const started = performance.now();
      const why = checkFormula(tex, false);
      expect(performance.now() - started, tex).toBeLessThan(1000);
      expect(why, tex).toBeTruthy();
      const details = await texRefusal(
        choice('', { stem: `<p>${uniqueWords()} \\(${tex}\\)</p>` }),
      );
      expect(details[0]!.message, tex).toMatch(
        /^Question: the formula at character \d+ is invalid: /,
      );
    }
    expect(checkFormula('\\href{javascript:alert(1)}{x}', false)).toBe(
      '\\href is not allowed in a formula',
    );
    expect(checkFormula('\\def\\a{\\a\\a}\\a', false)).toMatch(/Too many expansions/);
  });
});
