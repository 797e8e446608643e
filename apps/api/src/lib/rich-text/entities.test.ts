import { describe, expect, it } from 'vitest';
import { decodeEntities } from './entities.ts';

describe('decodeEntities', () => {
  const plain = { nbsp: ' ', badNumber: () => '' };
  it('decodes the named entities sanitize-html writes, and numbers', () => {
    expect(
      decodeEntities('a &amp; b &lt;i&gt; &quot;q&quot; &apos;s&#39; &#x41;&#66;', plain),
    ).toBe(`a & b <i> "q" 's' AB`);
  });
  it('gives a no-break space and a number of no character as the use asks', () => {
    expect(decodeEntities('a&nbsp;b&#0;c', plain)).toBe('a bc');
    expect(decodeEntities('a&NBSP;b&#x110000;c', { nbsp: '\u00a0', badNumber: (m) => m })).toBe(
      'a\u00a0b&#x110000;c',
    );
  });
  it('leaves an unknown name as written', () => {
    expect(decodeEntities('&copy; &bogus;', plain)).toBe('&copy; &bogus;');
  });
});
