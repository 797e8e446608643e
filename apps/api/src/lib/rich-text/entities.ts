const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The entities of sanitised HTML decoded: the named ones sanitize-html writes
 * (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;`) and numeric ones. What
 * differs by use is given: what a no-break space becomes (a space in plain
 * texts, itself on a screen) and what a numeric entity of no character
 * becomes. An unknown named entity stays as written.
 */
export function decodeEntities(
  text: string,
  use: { nbsp: string; badNumber: (whole: string) => string },
): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] !== '#') {
      const name = e.toLowerCase();
      return name === 'nbsp' ? use.nbsp : (NAMED[name] ?? whole);
    }
    const code =
      e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return Number.isFinite(code) && code > 0 && code < 0x110000
      ? String.fromCodePoint(code)
      : use.badNumber(whole);
  });
}
