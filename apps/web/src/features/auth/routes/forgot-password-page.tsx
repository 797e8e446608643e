import { resetLinkBody } from '@bo/contract/auth';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CenteredCard } from '../../../components/centered-card.tsx';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { useResetLink } from '../api/reset-link.ts';

/** /password/forgot: the answer never tells whether the account exists. */
export function ForgotPasswordPage() {
  const resetLink = useResetLink();
  const form = useForm({
    initialValues: { email: '' },
    validate: validateWith(resetLinkBody),
    ...liveValidation,
  });

  return (
    <CenteredCard
      title="Forgot your password?"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      {resetLink.isSuccess ? (
        <Alert
          color="teal"
          icon={<IconMailCheck size={18} />}
          title="Check your inbox"
          role="status"
        >
          If an account exists for {form.values.email.trim()}, we sent a link to reset its password.
          The link works once and expires soon.
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit(
            (values) =>
              resetLink.mutate(values, { onError: (error) => showFormError(form, error) }),
            focusFirstInvalid,
          )}
        >
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth loading={resetLink.isPending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" fz="sm" ta="center">
        Back to sign in
      </Anchor>
    </CenteredCard>
  );
}
