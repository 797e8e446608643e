import { sanitizeRichText } from './sanitize.ts';

/**
 * `sanitizeRichText` without running sanitize-html on text it would return
 * unchanged: most imported cells are plain words or words in `<p>`, and
 * sanitize-html costs tens of microseconds a field, seconds for a 50,000-row
 * import. A text is taken as it is (trimmed, as the sanitiser trims) only
 * when its shape makes the sanitiser's answer certain:
 *
 * - no `&` and no `>` anywhere (no entity to decode and re-escape), and `<`
 *   only as the start of one of the tags below;
 * - tags without attributes or spaces, lowercase: `p` and the INLINE ones
 *   (all on the allowlist), properly nested and closed;
 * - `p` only at the top level (the HTML parser closes an open `p` when a
 *   block starts, and never nests one in an inline tag unchanged).
 *
 * Anything else goes through sanitize-html. stored.test.ts compares both on
 * generated texts, tags in and out of order included.
 */
const INLINE = new Set(['strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'code']);
const TAG = /<(\/?)([a-z0-9]+)>/y;

/** True when sanitize-html would answer `html.trim()`: see above. */
export function isSimpleMarkup(html: string): boolean {
  if (html.includes('&')) return false;
  const open: string[] = [];
  let i = html.indexOf('<');
  let last = 0;
  while (i >= 0) {
    if (html.slice(last, i).includes('>')) return false;
    TAG.lastIndex = i;
    const m = TAG.exec(html);
    if (!m) return false;
    const [whole, close, name] = m as unknown as [string, string, string];
    if (close) {
      if (open.pop() !== name) return false;
    } else if (name === 'p') {
      if (open.length) return false;
      open.push(name);
    } else if (INLINE.has(name)) open.push(name);
    else return false;
    last = i + whole.length;
    i = html.indexOf('<', last);
  }
  return open.length === 0 && !html.slice(last).includes('>');
}

/** The stored form of a rich-text field: exactly `sanitizeRichText(html)`, faster for simple text. */
export function storedRichText(html: string): string {
  return isSimpleMarkup(html) ? html.trim() : sanitizeRichText(html);
}
