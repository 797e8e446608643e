import { inviteAcceptBody } from '@bo/contract/auth';
import { TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useInviteAccept } from '../api/invite-accept.ts';
import { useInviteInfo } from '../api/invite-info.ts';
import { SetPasswordPage } from '../components/set-password-form.tsx';

/** /invite?token=…: the spec's registration screen, where an invited admin sets a password. */
export function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useInviteInfo(token);
  const accept = useInviteAccept();
  return (
    <SetPasswordPage
      token={token}
      gate={{
        check: info,
        checking: 'Checking your invitation',
        incomplete: {
          title: 'Invitation link incomplete',
          text: 'This page needs the link from your invitation e-mail. Open it again from the e-mail.',
        },
        invalid: {
          title: 'Invitation not valid',
          text: 'Ask the admin who invited you to send a new invitation.',
        },
      }}
      title={`Welcome, ${info.data?.name ?? ''}`}
      description="Choose a password to finish setting up your account."
      schema={inviteAcceptBody.pick({ password: true })}
      header={<TextInput label="Email" value={info.data?.email} readOnly variant="filled" />}
      submitLabel="Create account"
      save={({ password }) => accept.mutateAsync({ token, password })}
      pending={accept.isPending}
      done="Your account is ready. Sign in with your new password."
    />
  );
}
