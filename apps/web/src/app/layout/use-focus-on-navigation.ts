import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a lazily loaded screen may take to show its heading before main gets focus. */
const WAIT_FOR_HEADING_MS = 3000;

/**
 * After each change of screen, focus goes to the new screen's main heading
 * (or the main region), so a keyboard or screen reader user starts on the
 * new content instead of on <body> or the link they used. On the first
 * screen after a page load, a field the screen focused itself keeps focus.
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => {
    const region = main.current;
    const initial = first.current;
    first.current = false;
    if (!region) return;
    const focusTarget = () => {
      const active = document.activeElement;
      if (initial && active && active !== document.body) return true;
      const heading = region.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
      return true;
    };
    if (focusTarget()) return;
    const observer = new MutationObserver(() => {
      if (focusTarget()) stop();
    });
    const timer = setTimeout(() => {
      stop();
      const active = document.activeElement;
      if (!active || active === document.body) region.focus();
    }, WAIT_FOR_HEADING_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(region, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
