import { flushSync } from 'react-dom';
import { DRAWN, DRAWN_SUBMITTED } from './drawn-page.ts';

type Field = HTMLInputElement | HTMLTextAreaElement;
const FIELDS = 'input, textarea';

const fieldsIn = (root: HTMLElement) => [...root.querySelectorAll<Field>(FIELDS)];

/** Sets a field's value as typing would, so React's onChange and the form's state see it. */
function typeInto(field: Field, value: string) {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  Object.getOwnPropertyDescriptor(proto.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Renders the app in place of the screen the server drew, keeping what the
 * visitor did there: the values typed (or filled in by a password manager),
 * the focused field and its cursor, and a form already sent. The drawn
 * screen and the app's are the same components, so fields match by their
 * order. The render waits for `ready` (the router has the screen's code), so
 * the drawn screen stays until the app can show the same one; without a drawn
 * screen the app renders at once.
 */
export async function takeOverDrawnScreen(
  root: HTMLElement,
  ready: Promise<void>,
  render: () => void,
) {
  if (!root.hasAttribute(DRAWN)) return render();
  await ready;
  const drawn = fieldsIn(root);
  const typed = drawn.map((f) => (f.value === f.defaultValue ? null : f.value));
  const focused = drawn.findIndex((f) => f === document.activeElement);
  const cursor = focused >= 0 ? [drawn[focused]!.selectionStart, drawn[focused]!.selectionEnd] : [];
  flushSync(render);
  root.removeAttribute(DRAWN);
  const fields = fieldsIn(root);
  typed.forEach((value, i) => {
    if (value !== null && fields[i]) typeInto(fields[i], value);
  });
  const field = fields[focused];
  if (field) {
    field.focus();
    // Not every input type has a cursor (an e-mail field throws).
    try {
      field.setSelectionRange(cursor[0] ?? null, cursor[1] ?? null);
    } catch {}
  }
  if (!root.hasAttribute(DRAWN_SUBMITTED)) return;
  root.removeAttribute(DRAWN_SUBMITTED);
  // After React has applied the typed values (it does so in a microtask).
  setTimeout(() => root.querySelector('form')?.requestSubmit());
}
