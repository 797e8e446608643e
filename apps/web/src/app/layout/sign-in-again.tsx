import { useEffect, useState } from 'react';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { type EndedSession, giveUpSignInAgain, onSignInAgain } from '../../lib/session-recovery.ts';
import { useTryAgainNotices } from './try-again.tsx';

// Loaded when a session first ends under a working screen.
const SignInAgainDialog = lazyDialog(() =>
  import('./sign-in-again-dialog.tsx').then((m) => m.SignInAgainDialog),
);

/**
 * The signed-in layout's one place for an ended session: while it is
 * mounted, the API client lets requests wait for a sign-in here instead of
 * leaving the screen (lib/session-recovery.ts).
 */
export function SignInAgain() {
  useTryAgainNotices();
  const [ended, setEnded] = useState<EndedSession | null>(null);
  useEffect(() => {
    onSignInAgain(setEnded);
    return () => {
      // Left on purpose (signed out, here or in another tab): nothing waits any more.
      onSignInAgain(null);
      giveUpSignInAgain();
    };
  }, []);
  return ended ? <SignInAgainDialog ended={ended} /> : null;
}
