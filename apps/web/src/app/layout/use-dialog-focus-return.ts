import { useEffect } from 'react';

const DIALOG = '[role="dialog"], [role="alertdialog"]';
/** Where focus passes on its way to a dialog: never what it returns to (a menu's items go with it). */
const PASSING = `${DIALOG}, [role="menu"]`;

/**
 * Focus goes back to what opened a dialog when the dialog goes. Mantine
 * returns it when a modal closes while mounted, but the screens unmount
 * theirs with their state (`{editing && <BookFormModal …/>}`), which left
 * focus on <body>: a keyboard user started again from the top of the page.
 * One rule for every dialog and drawer: remember the element last focused
 * outside any dialog or menu (a row's "Actions" button, not the menu item
 * that goes with its menu); when a dialog leaves the page with focus fallen to
 * <body>, focus that element again if it is still there.
 */
export function useDialogFocusReturn() {
  useEffect(() => {
    let opener: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && target !== document.body && !target.closest(PASSING))
        opener = target;
    };
    const removedDialog = (records: MutationRecord[]) =>
      records.some((r) =>
        [...r.removedNodes].some(
          (node) => node instanceof Element && (node.matches(DIALOG) || node.querySelector(DIALOG)),
        ),
      );
    // Dialogs live in portals, children of <body>.
    const observer = new MutationObserver((records) => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      if (opener?.isConnected && removedDialog(records)) opener.focus({ preventScroll: true });
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, []);
}
