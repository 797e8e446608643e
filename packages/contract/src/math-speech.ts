import { mathSegments } from './math.ts';

/**
 * Formulas as words a screen reader can say ("What is 3 squared?", not
 * "What is \(3^2\)?"), for accessible names and the text of confirmations,
 * where no rendered formula can go. Small on purpose: screens that only need
 * a name must not load KaTeX. It reads the common school constructs; any
 * other command is read by its name without the backslash.
 */

const WORDS: Record<string, string> = {
  times: 'times',
  cdot: 'times',
  div: 'divided by',
  pm: 'plus or minus',
  mp: 'minus or plus',
  le: 'is less than or equal to',
  leq: 'is less than or equal to',
  ge: 'is greater than or equal to',
  geq: 'is greater than or equal to',
  ne: 'is not equal to',
  neq: 'is not equal to',
  approx: 'is approximately',
  equiv: 'is equivalent to',
  infty: 'infinity',
  circ: 'degrees',
  degree: 'degrees',
  percent: 'percent',
  to: 'to',
  rightarrow: 'gives',
  sum: 'the sum of',
  int: 'the integral of',
  angle: 'angle',
  triangle: 'triangle',
  perp: 'is perpendicular to',
  parallel: 'is parallel to',
  ldots: 'and so on',
  dots: 'and so on',
  cdots: 'and so on',
};
/** Commands that only style or size what follows: read what they hold. */
const SILENT = new Set([
  'left',
  'right',
  'big',
  'Big',
  'displaystyle',
  'text',
  'mathrm',
  'mathbf',
  'mathit',
  'textbf',
  'operatorname',
  ',',
  ';',
  '!',
  'quad',
  'qquad',
]);
const SYMBOLS: Record<string, string> = {
  '=': 'equals',
  '+': 'plus',
  '-': 'minus',
  '<': 'is less than',
  '>': 'is greater than',
  '*': 'times',
  '%': 'percent',
};
const POWERS: Record<string, string> = { '2': 'squared', '3': 'cubed', '\\circ': 'degrees' };

/** One argument after position `i`: a braced group or a single character/command. */
function argument(tex: string, i: number): { text: string; end: number } {
  while (tex[i] === ' ') i++;
  if (tex[i] === '{') {
    let depth = 0;
    for (let j = i; j < tex.length; j++) {
      if (tex[j] === '{') depth++;
      else if (tex[j] === '}' && --depth === 0) return { text: tex.slice(i + 1, j), end: j + 1 };
    }
    return { text: tex.slice(i + 1), end: tex.length };
  }
  if (tex[i] === '\\') {
    const m = /^\\([A-Za-z]+|.)/.exec(tex.slice(i));
    return { text: m?.[0] ?? '', end: i + (m?.[0].length ?? 1) };
  }
  return { text: tex[i] ?? '', end: i + 1 };
}

/** The words of one formula (the LaTeX between its delimiters). */
export function spokenMath(tex: string): string {
  const out: string[] = [];
  // Words stand apart; single characters join (digits of one number stay one).
  const say = (...words: string[]) => out.push(...words.map((w) => ` ${w} `));
  let i = 0;
  while (i < tex.length) {
    const c = tex[i]!;
    if (c === '\\') {
      const name = /^\\([A-Za-z]+|.)/.exec(tex.slice(i))?.[1] ?? '';
      i += name.length + 1;
      if (name === 'frac' || name === 'dfrac' || name === 'tfrac') {
        const top = argument(tex, i);
        const bottom = argument(tex, top.end);
        say(spokenMath(top.text), 'over', spokenMath(bottom.text));
        i = bottom.end;
      } else if (name === 'sqrt') {
        let index: string | null = null;
        if (tex[i] === '[') {
          const close = tex.indexOf(']', i);
          index = spokenMath(tex.slice(i + 1, close < 0 ? tex.length : close));
          i = close < 0 ? tex.length : close + 1;
        }
        const body = argument(tex, i);
        say(index ? `the root ${index} of` : 'the square root of', spokenMath(body.text));
        i = body.end;
      } else if (SILENT.has(name)) {
        // Read what follows as it is.
      } else {
        say(WORDS[name] ?? name);
      }
    } else if (c === '^' || c === '_') {
      const arg = argument(tex, i + 1);
      const words = spokenMath(arg.text);
      if (c === '_') say('sub', words);
      else say(POWERS[arg.text.trim()] ?? `to the power of ${words}`);
      i = arg.end;
    } else if (c === '{' || c === '}') {
      i++;
    } else {
      if (SYMBOLS[c]) say(SYMBOLS[c]);
      else out.push(c);
      i++;
    }
  }
  return out.join('').replace(/\s+/g, ' ').trim();
}

/** Text with every `\( … \)` and `\[ … \]` formula said in words. */
export function speakMath(text: string): string {
  return mathSegments(text)
    .map((s) => (s.kind === 'text' ? s.text : spokenMath(s.tex)))
    .join('');
}
