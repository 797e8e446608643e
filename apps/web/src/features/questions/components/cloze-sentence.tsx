import type { ClozeGap } from '@bo/contract/questions';
import { NativeSelect, TextInput } from '@mantine/core';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { RichTextView } from '../../../components/rich-text/rich-text-view.tsx';

const BLANK = /_{3,}/;
const HOST = 'data-cloze-gap';

/**
 * Splits the rendered stem's text at each `___` into an empty span (after
 * sanitising, which keeps no attribute of ours) and returns the spans in
 * order. Formulas are left whole: KaTeX draws underscores of its own.
 */
function gapHosts(root: HTMLElement): HTMLElement[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    // A gap's own control (a choice written "___") is never split again.
    acceptNode: (n) =>
      n.parentElement?.closest(`.katex, [${HOST}]`)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  for (let text of texts) {
    for (let m = BLANK.exec(text.data); m; m = BLANK.exec(text.data)) {
      const rest = text.splitText(m.index);
      text = rest.splitText(m[0].length);
      const host = document.createElement('span');
      host.setAttribute(HOST, '');
      rest.replaceWith(host);
    }
  }
  return [...root.querySelectorAll<HTMLElement>(`[${HOST}]`)];
}

const same = (a: HTMLElement[], b: HTMLElement[]) =>
  a.length === b.length && a.every((el, i) => el === b[i]);

/**
 * The question's sentence as the learner meets it: each gap a drop-down or
 * a text box inside the text, where its `___` is. The controls are React's
 * (portals into the gaps' places), so their state stays with the preview;
 * a re-drawn stem (typing, a formula rendered) finds its gaps again.
 */
export function ClozeSentence({
  stem,
  gaps,
  values,
  onChange,
}: {
  stem: string;
  gaps: ClozeGap[];
  values: string[];
  onChange: (index: number, value: string) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [hosts, setHosts] = useState<HTMLElement[]>([]);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const place = () => {
      const found = gapHosts(root);
      setHosts((prev) => (same(prev, found) ? prev : found));
    };
    place();
    // The stem's HTML is replaced when it changes or its formulas render.
    const watch = new MutationObserver(place);
    watch.observe(root, { childList: true, subtree: true, characterData: true });
    return () => watch.disconnect();
  }, []);

  const control = (g: ClozeGap, i: number): ReactNode => {
    const common = {
      'aria-label': `Gap ${i + 1}`,
      value: values[i] ?? '',
      size: 'xs' as const,
      style: { display: 'inline-block', verticalAlign: 'baseline', margin: '0 4px' },
    };
    return g.kind === 'choice' ? (
      <NativeSelect
        {...common}
        w={Math.max(90, 16 + 9 * Math.max(...g.choices.map((c) => c.text.length)))}
        onChange={(e) => onChange(i, e.currentTarget.value)}
        data={[{ value: '', label: 'Choose…' }, ...g.choices.map((c) => c.text)]}
      />
    ) : (
      <TextInput {...common} w={140} onChange={(e) => onChange(i, e.currentTarget.value)} />
    );
  };

  return (
    <div ref={ref} data-testid="cloze-sentence">
      <RichTextView html={stem} />
      {hosts.map((host, i) => {
        const g = gaps[i];
        return g ? createPortal(control(g, i), host, `gap-${i}`) : null;
      })}
    </div>
  );
}
