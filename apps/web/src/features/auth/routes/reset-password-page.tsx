import { passwordResetBody } from '@bo/contract/auth';
import { useSearchParams } from 'react-router';
import { useCheckLink } from '../api/check-link.ts';
import { usePasswordReset } from '../api/password-reset.ts';
import { SetPasswordPage } from '../components/set-password-form.tsx';

/** /password/reset?token=…: reached from the reset e-mail. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = usePasswordReset();
  const link = useCheckLink('reset', token);
  return (
    <SetPasswordPage
      token={token}
      gate={{
        check: link,
        checking: 'Checking your link',
        incomplete: {
          title: 'Reset link incomplete',
          text: 'This page needs the link from the reset e-mail. Open the link again, or ask for a new one.',
        },
        invalid: {
          title: 'Reset link not valid',
          text: 'Reset links work once, for 30 minutes. Ask for a new one.',
        },
        retry: { retryTo: '/password/forgot', retryLabel: 'Ask for a new link' },
      }}
      title="Choose a new password"
      description="At least 8 characters. Every device signed in to your account will be signed out."
      schema={passwordResetBody.pick({ password: true })}
      passwordLabel="New password"
      submitLabel="Set new password"
      save={({ password }) => reset.mutateAsync({ token, password })}
      pending={reset.isPending}
      done="Your password was changed. Sign in with the new one."
    />
  );
}
