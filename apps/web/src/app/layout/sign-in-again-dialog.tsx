import { Alert, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type Challenge,
  CredentialsForm,
} from '../../features/auth/components/credentials-form.tsx';
import { OtpForm } from '../../features/auth/components/otp-form.tsx';
import { SIGN_IN_TOAST } from '../../features/auth/components/sign-in-error.ts';
import { meQueryKey } from '../../lib/session.ts';
import {
  type EndedSession,
  giveUpSignInAgain,
  type NewSession,
  signedInAgain,
} from '../../lib/session-recovery.ts';

/**
 * Sign-in over the screen whose session ended: the same two steps as /login
 * (password, then the mailed code). The same admin signed in, what was
 * waiting is sent; someone else, nothing is sent and the screen keeps its
 * values. Closing it leaves the screen as it is, without a session.
 */
export function SignInAgainDialog({ ended }: { ended: EndedSession }) {
  const queryClient = useQueryClient();
  const was = queryClient.getQueryData<{ id: number; email: string; name: string }>(meQueryKey);
  const who = was && was.id === ended.adminId ? was : undefined;
  const [challenge, setChallengeState] = useState<Challenge | null>(null);
  const [email, setEmail] = useState(who?.email ?? '');
  const setChallenge = (next: Challenge) => {
    notifications.hide(SIGN_IN_TOAST);
    setChallengeState(next);
  };

  const signedIn = (session: NewSession) => {
    notifications.hide(SIGN_IN_TOAST);
    queryClient.setQueryData(meQueryKey, session.admin);
    if (signedInAgain(session) === 'same') return;
    // Another admin's data must not be shown from the cache; the open screen keeps its own.
    queryClient.removeQueries({ type: 'inactive' });
    notifications.show({
      id: 'signed-in-as-other',
      color: 'orange',
      autoClose: false,
      title: `Signed in as ${session.admin.name}`,
      message: `Nothing was sent: the changes on the screen were made${who ? ` as ${who.name}` : ''} before the session ended. They are still there; saving them now saves them as ${session.admin.name}.`,
    });
  };

  return (
    <Modal
      opened
      onClose={giveUpSignInAgain}
      title="Your session has ended"
      centered
      // Above a form dialog that was saving.
      zIndex={400}
    >
      <Stack gap="md">
        <Alert color="orange" variant="light">
          <Text fz="sm">
            Nothing you typed is lost. Sign in again{who ? ` as ${who.name}` : ''} and what you were
            saving is sent.
          </Text>
        </Alert>
        {challenge ? (
          <OtpForm
            challenge={challenge}
            onChallenge={setChallenge}
            onBack={() => {
              setEmail(challenge.email);
              setChallengeState(null);
            }}
            onSignedIn={signedIn}
          />
        ) : (
          <CredentialsForm initialEmail={email} onChallenge={setChallenge} />
        )}
      </Stack>
    </Modal>
  );
}
