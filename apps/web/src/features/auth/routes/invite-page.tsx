import { inviteAcceptBody } from '@bo/contract/auth';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
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
import { useInviteAccept } from '../api/invite-accept.ts';
import { useInviteInfo } from '../api/invite-info.ts';
import { BrokenLink, deadLinkText } from '../components/broken-link.tsx';

const passwordOnly = inviteAcceptBody.pick({ password: true });

/** /invite?token=…: the spec's registration screen, where an invited admin sets a password. */
export function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const info = useInviteInfo(token);
  const accept = useInviteAccept();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: validateWithConfirmation(passwordOnly, 'password'),
    ...liveValidation,
  });

  if (!token) {
    return (
      <BrokenLink title="Invitation link incomplete">
        This page needs the link from your invitation e-mail. Open it again from the e-mail.
      </BrokenLink>
    );
  }
  if (info.isPending) return <PageLoader label="Checking your invitation" />;
  if (info.isError) {
    return (
      <BrokenLink title="Invitation not valid">
        {deadLinkText(info.error)} Ask the admin who invited you to send a new invitation.
      </BrokenLink>
    );
  }

  const submit = form.onSubmit(
    ({ password }) =>
      accept.mutate(
        { token, password },
        {
          onSuccess: () => {
            notifySuccess('Your account is ready. Sign in with your new password.');
            navigate('/login', { replace: true });
          },
          onError: (error) => showFormError(form, error),
        },
      ),
    focusFirstInvalid,
  );

  return (
    <CenteredCard
      title={`Welcome, ${info.data.name}`}
      description="Choose a password to finish setting up your account."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" value={info.data.email} readOnly variant="filled" />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            autoFocus
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={accept.isPending}>
            Create account
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
