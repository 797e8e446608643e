import { type ReactNode, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmModal } from './confirm-modal.tsx';

/**
 * Asks before leaving a form with changes not saved: a link or Back inside
 * the app opens a confirmation (React Router's blocker), closing or reloading
 * the tab gets the browser's own question (beforeunload; browsers show their
 * words, not ours). `isDirty` is asked at the moment of leaving, so a save
 * that resets the form just before navigating to the saved page is not held
 * back. Render what it answers.
 */
export function useLeaveGuard(
  isDirty: () => boolean,
  what: string,
  /** Run when the person confirms leaving: what they chose to lose (a kept draft) goes too. */
  onLeave?: () => void,
): ReactNode {
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && dirty.current(),
  );

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirty.current()) return;
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmModal
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      loading={false}
      onConfirm={() => {
        onLeave?.();
        blocker.proceed();
      }}
      onClose={() => blocker.reset()}
    >
      Your changes to {what} are not saved. If you leave now they are lost.
    </ConfirmModal>
  );
}
