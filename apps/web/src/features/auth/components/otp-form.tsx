import type { authRoutes, RouteResponse } from '@bo/contract';
import { Anchor, Button, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useConfirmOtp } from '../api/confirm-otp.ts';
import { useResendOtp } from '../api/resend-otp.ts';
import type { Challenge } from './credentials-form.tsx';
import { showSignInError } from './sign-in-error.ts';
import { validateOtp } from './sign-in-rules.ts';

/** Seconds before another code may be asked for, so a double click does not mail twice. */
export const RESEND_COOLDOWN_S = 30;

/** Step 2 of sign-in: the 6-digit code from the e-mail. */
export function OtpForm({
  challenge,
  onChallenge,
  onSignedIn,
  onBack,
}: {
  challenge: Challenge;
  onChallenge: (challenge: Challenge) => void;
  onSignedIn: (session: RouteResponse<typeof authRoutes.confirmOtp>) => void;
  onBack: () => void;
}) {
  const confirm = useConfirmOtp();
  const resend = useResendOtp();
  const cooldown = useCooldown(challenge.sentAt + RESEND_COOLDOWN_S * 1000);
  // Checked on submit only: a half-typed code is not an error yet.
  const form = useForm({ initialValues: { otp: '' }, validate: validateOtp });

  // The sixth digit and a click on Verify may both send: one code, one request.
  const sending = useRef(false);
  const send = (otp: string) => {
    if (sending.current) return;
    sending.current = true;
    confirm.mutate(
      { challengeId: challenge.challengeId, otp },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: onSignedIn,
        onError: (error) => {
          form.setFieldValue('otp', '');
          showSignInError(form, error, 'otp');
        },
      },
    );
  };
  const submit = form.onSubmit(({ otp }) => send(otp));

  const askAgain = () =>
    resend.mutate(
      { challengeId: challenge.challengeId },
      {
        onSuccess: (next) => {
          form.reset();
          onChallenge({ ...next, email: challenge.email, sentAt: Date.now() });
          notifySuccess(`We sent a new code to ${challenge.email}.`);
        },
        onError: (error) => notifyError(error, 'Could not send a new code'),
      },
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          We sent a 6-digit code to <b>{challenge.email}</b>. It expires at{' '}
          {new Date(challenge.expiresAt).toLocaleTimeString([], { timeStyle: 'short' })}.
        </Text>
        <Input.Wrapper label="Verification code" error={form.errors.otp} id="otp-label">
          <PinInput
            key={challenge.challengeId}
            length={6}
            type="number"
            oneTimeCode
            autoFocus
            size="lg"
            mt={6}
            data-testid="otp-input"
            ariaLabel="Verification code"
            getInputProps={(index) => ({ 'aria-label': `Verification code digit ${index + 1}` })}
            value={form.values.otp}
            onChange={(value) => form.setFieldValue('otp', value)}
            // The sixth digit sends the code; Verify stays for a code pasted with a typo fixed.
            onComplete={send}
            error={Boolean(form.errors.otp)}
          />
        </Input.Wrapper>
        <Button type="submit" fullWidth loading={confirm.isPending}>
          Verify
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" fz="sm" onClick={onBack}>
            Use another account
          </Anchor>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={askAgain}
            loading={resend.isPending}
            disabled={cooldown > 0}
          >
            Resend code
          </Button>
        </Group>
        {cooldown > 0 && (
          <Text fz="xs" c="dimmed" ta="right" aria-live="polite">
            You can ask for a new code in {cooldown} s.
          </Text>
        )}
      </Stack>
    </form>
  );
}

const secondsUntil = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

/** Seconds left until `until` (ms); restarts whenever a new code is sent. */
function useCooldown(until: number): number {
  const [left, setLeft] = useState(() => secondsUntil(until));
  useEffect(() => {
    setLeft(secondsUntil(until));
    const timer = setInterval(() => {
      const seconds = secondsUntil(until);
      setLeft(seconds);
      if (seconds === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}
