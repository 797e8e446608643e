import { useEffect, useRef } from 'react';

const KEYS = ['ArrowRight', 'ArrowLeft', 'Home', 'End'];

/**
 * A `role="toolbar"` as one Tab stop (the WAI-ARIA toolbar pattern): the
 * buttons inside take turns being tabbable, the arrows move between them,
 * Home and End go to the ends. Without it a rich-text field's sixteen buttons
 * were sixteen Tab stops between the question and its first option.
 */
export function useRovingToolbar<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const controls = () =>
      [...bar.querySelectorAll<HTMLButtonElement>('button')].filter((b) => !b.disabled);
    let current = 0;
    const sync = () => {
      const list = controls();
      current = Math.min(current, Math.max(list.length - 1, 0));
      for (const b of bar.querySelectorAll<HTMLButtonElement>('button'))
        b.tabIndex = b === list[current] ? 0 : -1;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const list = controls();
      const at = list.indexOf(event.target as HTMLButtonElement);
      if (at < 0 || !KEYS.includes(event.key)) return;
      event.preventDefault();
      const n = list.length;
      current =
        event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? n - 1
            : (at + (event.key === 'ArrowRight' ? 1 : -1) + n) % n;
      sync();
      list[current]?.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      const at = controls().indexOf(event.target as HTMLButtonElement);
      if (at >= 0 && at !== current) {
        current = at;
        sync();
      }
    };
    sync();
    // Buttons come and go (the link's remove button, a control turned off).
    const observer = new MutationObserver(sync);
    observer.observe(bar, { childList: true, subtree: true, attributeFilter: ['disabled'] });
    bar.addEventListener('keydown', onKeyDown);
    bar.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      bar.removeEventListener('keydown', onKeyDown);
      bar.removeEventListener('focusin', onFocusIn);
    };
  }, []);
  return ref;
}
