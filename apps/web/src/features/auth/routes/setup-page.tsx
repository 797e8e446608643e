import { setupBody } from '@bo/contract/auth';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCheckLink } from '../api/check-link.ts';
import { useSetup } from '../api/setup.ts';
import { useSetupStatus } from '../api/setup-status.ts';
import { BrokenLink } from '../components/broken-link.tsx';
import { SetPasswordPage } from '../components/set-password-form.tsx';

/** /setup?token=…: creates the first super admin with the token the server printed. */
export function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useSetupStatus();
  const setup = useSetup();
  const link = useCheckLink('setup', status.data?.needed === false ? '' : token);

  if (status.isPending) return <PageLoader label="Checking setup" />;
  if (status.data && !status.data.needed) {
    return (
      <BrokenLink title="Setup is done">
        The first super admin already exists. Sign in, or ask a super admin for an invitation.
      </BrokenLink>
    );
  }
  return (
    <SetPasswordPage
      token={token}
      gate={{
        check: link,
        checking: 'Checking the setup link',
        incomplete: {
          title: 'Setup link incomplete',
          text: 'Open the one-time setup link exactly as the server printed it at start.',
        },
        invalid: {
          title: 'Setup link not valid',
          text: 'Restart the server to print a new one-time link (it works for an hour).',
        },
      }}
      title="Set up the back-office"
      description="Create the first super admin. This link works only once."
      schema={setupBody.omit({ token: true })}
      fields={[
        { name: 'name', label: 'Name', autoComplete: 'name' },
        { name: 'email', label: 'Email', type: 'email', autoComplete: 'username' },
      ]}
      submitLabel="Create super admin"
      save={({ name, email, password }) => setup.mutateAsync({ token, name, email, password })}
      pending={setup.isPending}
      done="The super admin account is ready. Sign in to continue."
    />
  );
}
