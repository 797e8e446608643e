import { setupBody } from '@bo/contract/auth';
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
import { useCheckLink } from '../api/check-link.ts';
import { useSetup } from '../api/setup.ts';
import { useSetupStatus } from '../api/setup-status.ts';
import { BrokenLink, deadLinkText } from '../components/broken-link.tsx';

const formSchema = setupBody.omit({ token: true });

/** /setup?token=…: creates the first super admin with the token the server printed. */
export function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const status = useSetupStatus();
  const setup = useSetup();
  const link = useCheckLink('setup', status.data?.needed === false ? '' : token);
  const form = useForm({
    initialValues: { name: '', email: '', password: '', confirmPassword: '' },
    validate: validateWithConfirmation(formSchema, 'password'),
    ...liveValidation,
  });

  if (status.isPending) return <PageLoader label="Checking setup" />;
  if (status.data && !status.data.needed) {
    return (
      <BrokenLink title="Setup is done">
        The first super admin already exists. Sign in, or ask a super admin for an invitation.
      </BrokenLink>
    );
  }
  if (!token) {
    return (
      <BrokenLink title="Setup link incomplete">
        Open the one-time setup link exactly as the server printed it at start.
      </BrokenLink>
    );
  }

  if (link.isPending) return <PageLoader label="Checking the setup link" />;
  if (link.isError) {
    return (
      <BrokenLink title="Setup link not valid">
        {deadLinkText(link.error)} Restart the server to print a new one-time link (it works for an
        hour).
      </BrokenLink>
    );
  }

  const submit = form.onSubmit(
    ({ name, email, password }) =>
      setup.mutate(
        { token, name, email, password },
        {
          onSuccess: () => {
            notifySuccess('The super admin account is ready. Sign in to continue.');
            navigate('/login', { replace: true });
          },
          onError: (error) => showFormError(form, error),
        },
      ),
    focusFirstInvalid,
  );

  return (
    <CenteredCard
      title="Set up the back-office"
      description="Create the first super admin. This link works only once."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            autoComplete="name"
            autoFocus
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={setup.isPending}>
            Create super admin
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
