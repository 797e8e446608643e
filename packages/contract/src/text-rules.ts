// No zod here: see common.ts, which builds the text schemas on these.

/**
 * Text input, one rule for every field and query parameter: a string with a
 * lone UTF-16 surrogate (which no encoding can store) or a control character
 * (C0, DEL, C1; tab and line breaks only where the field is multi-line) is
 * refused; what is kept is NFC-normalised, so one visible text is one stored
 * text, and trimmed. The contract test walks every route and proves each
 * string it takes refuses these.
 */
export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';
export const BROKEN_CHARACTER_MESSAGE = 'Contains an invalid character';

/** C0 controls, DEL and C1 controls; with `multiline`, tab, line feed and carriage return pass. */
export function hasControlCharacters(s: string, multiline = false): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (multiline && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/** True when a high surrogate lacks its low half or a low one stands alone. */
export function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}
