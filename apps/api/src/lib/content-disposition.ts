/**
 * RFC 6266 `Content-Disposition` for a name that came from a user or a
 * record: the quoted `filename` keeps only safe ASCII (no quotes, slashes,
 * control characters or header-splitting CR/LF), and `filename*` carries the
 * full UTF-8 name percent-encoded for the browsers that read it.
 */
export function contentDisposition(
  name: string,
  type: 'attachment' | 'inline' = 'attachment',
): string {
  const cleaned = safeFileName(name);
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const extended = ascii === cleaned ? '' : `; filename*=UTF-8''${encoded}`;
  return `${type}; filename="${ascii}"${extended}`;
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
