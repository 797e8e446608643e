import type { authRoutes, RouteResponse } from '@bo/contract';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { focusFirstInvalid, liveValidation } from '../../../lib/form.ts';
import { useLogin } from '../api/login.ts';
import { showSignInError } from './sign-in-error.ts';
import { validateCredentials } from './sign-in-rules.ts';

/** A mailed code waiting to be entered; `sentAt` (ms) starts the resend cooldown. */
export type Challenge = RouteResponse<typeof authRoutes.login> & { email: string; sentAt: number };

/** Step 1 of sign-in: e-mail and password; the API then mails a 6-digit code. */
export function CredentialsForm({
  initialEmail,
  onChallenge,
}: {
  initialEmail: string;
  onChallenge: (challenge: Challenge) => void;
}) {
  const login = useLogin();
  const form = useForm({
    initialValues: { email: initialEmail, password: '' },
    validate: validateCredentials,
    ...liveValidation,
  });

  const submit = form.onSubmit(
    (values) =>
      login.mutate(values, {
        onSuccess: (challenge) =>
          onChallenge({ ...challenge, email: values.email.trim(), sentAt: Date.now() }),
        onError: (error) => showSignInError(form, error, 'password'),
      }),
    focusFirstInvalid,
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus={initialEmail === ''}
          required
          {...form.getInputProps('email')}
        />
        <Stack gap={6}>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            autoFocus={initialEmail !== ''}
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/password/forgot" fz="sm">
              Forgot password?
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" fullWidth loading={login.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
