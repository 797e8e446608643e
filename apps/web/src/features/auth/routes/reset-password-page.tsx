import { passwordResetBody } from '@bo/contract/auth';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '../../../components/centered-card.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWithConfirmation,
} from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCheckLink } from '../api/check-link.ts';
import { usePasswordReset } from '../api/password-reset.ts';
import { BrokenLink, deadLinkText } from '../components/broken-link.tsx';

const passwordOnly = passwordResetBody.pick({ password: true });

/** /password/reset?token=…: reached from the reset e-mail. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = usePasswordReset();
  const link = useCheckLink('reset', token);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: validateWithConfirmation(passwordOnly, 'password'),
    ...liveValidation,
  });

  if (!token) {
    return (
      <BrokenLink
        title="Reset link incomplete"
        retryTo="/password/forgot"
        retryLabel="Ask for a new link"
      >
        This page needs the link from the reset e-mail. Open the link again, or ask for a new one.
      </BrokenLink>
    );
  }

  if (link.isPending) return <PageLoader label="Checking your link" />;
  if (link.isError) {
    return (
      <BrokenLink
        title="Reset link not valid"
        retryTo="/password/forgot"
        retryLabel="Ask for a new link"
      >
        {deadLinkText(link.error)} Reset links work once, for 30 minutes. Ask for a new one.
      </BrokenLink>
    );
  }

  const submit = form.onSubmit(
    ({ password }) =>
      reset.mutate(
        { token, password },
        {
          onSuccess: () => {
            notifySuccess('Your password was changed. Sign in with the new one.');
            navigate('/login', { replace: true });
          },
          onError: (error) => showFormError(form, error),
        },
      ),
    focusFirstInvalid,
  );

  return (
    <CenteredCard
      title="Choose a new password"
      description="At least 8 characters. Every device signed in to your account will be signed out."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            autoFocus
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Set new password
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
