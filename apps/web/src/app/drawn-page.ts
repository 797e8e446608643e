// A page whose screen the server drew (apps/api plugins/spa-first-screen.ts)
// carries `data-drawn` on its root until the app has taken it over
// (drawn-takeover.ts). Kept free of imports: the entry runs it first thing.

export const DRAWN = 'data-drawn';
/** Set when the visitor sent a drawn form before the app could: the app sends it again. */
export const DRAWN_SUBMITTED = 'data-drawn-submitted';

/**
 * Holds back a drawn form's submit while the app has not taken over: the
 * browser would otherwise reload the page with the form in the address
 * (the drawn fields have no names, so nothing would be sent, and what was
 * typed would be lost). The takeover sends it again through the app.
 */
export function holdDrawnSubmits(root: HTMLElement) {
  if (!root.hasAttribute(DRAWN)) return;
  root.addEventListener('submit', (event) => {
    if (!root.hasAttribute(DRAWN)) return;
    event.preventDefault();
    root.setAttribute(DRAWN_SUBMITTED, '');
  });
}
