/**
 * The words of rich text, for a name or a short mention ("Question 12: What
 * is…"). DOMParser's document is inert: nothing in it loads or runs. Apart
 * from render-rich-text.ts so a screen that needs only the words does not
 * download DOMPurify.
 */
export function richTextWords(html: string, max = 80): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
