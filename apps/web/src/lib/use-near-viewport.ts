import { type RefObject, startTransition, useEffect, useState } from 'react';

/** How far beyond the viewport an element counts as near: about a screen each way. */
const MARGIN = '1000px 0px';

type Listener = () => void;
let observer: IntersectionObserver | null = null;
const listeners = new Map<Element, Listener>();

/** One observer for every element of the page: 500 observers cost more than one with 500 targets. */
function observe(el: Element, onNear: Listener) {
  if (!observer)
    observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          listeners.get(e.target)?.();
        }
      },
      { rootMargin: MARGIN },
    );
  listeners.set(el, onNear);
  observer.observe(el);
  return () => {
    listeners.delete(el);
    observer?.unobserve(el);
  };
}

/**
 * True once the element of `ref` has come within about a screen of the viewport (or at once
 * when `eager`, or where the browser has no IntersectionObserver); it stays
 * true, so what it shows is drawn once and kept. For long lists whose rows
 * are cheap to lay out but dear to render in full.
 */
export function useNearViewport(ref: RefObject<Element | null>, eager = false) {
  const [near, setNear] = useState(eager || typeof IntersectionObserver === 'undefined');
  // A ref, not state: keeping the element in state would render every row twice.
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    // A transition: rows coming near are drawn in slices that leave the
    // page answering input, not as one long task.
    return observe(el, () => startTransition(() => setNear(true)));
  }, [ref, near]);
  return near;
}
