import { speakMath } from '@bo/contract/math-speech';

/**
 * The words of rich text, for a name or a short mention ("Question 12: What
 * is 3 squared?"): the one helper wherever a question's text becomes an
 * accessible name or the text of a confirmation. Formulas are said in words
 * (a screen reader cannot say "\(3^2\)"). DOMParser's document is inert:
 * nothing in it loads or runs. Apart from render-rich-text.ts so a screen
 * that needs only the words does not download DOMPurify or KaTeX.
 */
export function richTextWords(html: string | null | undefined, max = 80): string {
  // A space after each block and line break: paragraphs must not run together.
  const spaced = (html ?? '').replace(/<\/(p|div|li|h[1-6]|td|th)>|<br\s*\/?>/gi, '$& ');
  const text = speakMath(
    new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '',
  )
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
