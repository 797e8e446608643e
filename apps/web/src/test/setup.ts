import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// Mantine reads these browser APIs, which jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// Textarea's autosize listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// jsdom lays nothing out, so Mantine's focus trap finds no visible element to
// focus in a dialog and prints the whole DOM node (thousands of log lines per
// test). Focus in real dialogs is checked by the browser tests.
// Wrapped once: the files of a worker run this setup in the same context.
const FOCUS_TRAP_FILTER = Symbol.for('bo.focus-trap-filter');
if (!(FOCUS_TRAP_FILTER in console)) {
  const warn = console.warn.bind(console);
  Object.assign(console, {
    [FOCUS_TRAP_FILTER]: true,
    warn: (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap]')) {
        return;
      }
      warn(...args);
    },
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  // What a test left outside its React root (a portal's container, a live
  // region) goes too: the files of a worker share one document.
  document.body.innerHTML = '';
});
