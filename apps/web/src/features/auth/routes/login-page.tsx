import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '../../../components/centered-card.tsx';
import { safeNextPath } from '../../../lib/next-path.ts';
import { meQueryKey } from '../../../lib/session.ts';
import { hasSession, saveToken } from '../../../lib/token-store.ts';
import { useSetupStatus } from '../api/setup-status.ts';
import { type Challenge, CredentialsForm } from '../components/credentials-form.tsx';
import { OtpForm } from '../components/otp-form.tsx';
import { SIGN_IN_TOAST } from '../components/sign-in-error.ts';

/** /login: password first, then the mailed code; back to `?next=` afterwards. */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [challenge, setChallengeState] = useState<Challenge | null>(null);
  // A step that succeeds takes away the toast of the tries that failed before it.
  const setChallenge = (next: Challenge) => {
    notifications.hide(SIGN_IN_TOAST);
    setChallengeState(next);
  };
  const [email, setEmail] = useState('');
  const setupStatus = useSetupStatus();

  if (hasSession()) return <Navigate to={next} replace />;

  if (challenge) {
    return (
      <CenteredCard title="Enter your code" description="One more step to sign in.">
        <OtpForm
          challenge={challenge}
          onChallenge={setChallenge}
          onBack={() => {
            setEmail(challenge.email);
            setChallengeState(null);
          }}
          onSignedIn={(session) => {
            notifications.hide(SIGN_IN_TOAST);
            saveToken({ access: session.accessToken, refresh: session.refreshToken });
            queryClient.setQueryData(meQueryKey, session.admin);
            navigate(next, { replace: true });
          }}
        />
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title="Sign in" description="Use your back-office account.">
      {setupStatus.data?.needed && (
        <Alert color="blue" title="No admin yet">
          Open the one-time setup link printed by the server at start to create the first super
          admin.
        </Alert>
      )}
      <CredentialsForm initialEmail={email} onChallenge={setChallenge} />
    </CenteredCard>
  );
}
