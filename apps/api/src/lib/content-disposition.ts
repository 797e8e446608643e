import { create } from 'content-disposition';

/**
 * RFC 6266 `Content-Disposition` for a name that came from a user or a
 * record, written by the `content-disposition` package (Express's): the name
 * is first cut to a safe base name (`safeFileName`); `filename` (quoted unless the name is one RFC 7230 token)
 * then keeps only printable ASCII, since browsers read the header's other
 * bytes differently, and `filename*` carries the full UTF-8 name.
 */
export function contentDisposition(
  name: string,
  type: 'attachment' | 'inline' = 'attachment',
): string {
  const cleaned = safeFileName(name);
  return create(cleaned, { type, fallback: cleaned.replace(/[^\x20-\x7e]/g, '_') });
}

/** A base name only: path parts, control characters, quotes and backslashes go. */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"%;\\]/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 150);
  return cleaned || fallback;
}
