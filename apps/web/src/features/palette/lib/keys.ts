/** How the platform's command key is written: ⌘ on Apple keyboards, Ctrl elsewhere. */
export const modKey = () =>
  typeof navigator !== 'undefined' &&
  /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
    ? '⌘'
    : 'Ctrl';

/** Every keyboard shortcut of the signed-in screens, as the "?" dialog lists them. */
export const SHORTCUTS = (mod: string) =>
  [
    {
      keys: [mod, 'K'],
      what: 'Open the search, from anywhere (in a rich-text editor: edit a link)',
    },
    { keys: ['/'], what: 'Open the search, when not typing in a field' },
    { keys: ['?'], what: 'List these shortcuts, when not typing in a field' },
    { keys: ['↑', '↓'], what: 'In the search: move between results' },
    { keys: ['Enter'], what: 'In the search: open the chosen result' },
    { keys: ['Esc'], what: 'Close the search or a dialog' },
  ] as const;
