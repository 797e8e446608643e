import { passwordUpdateBody } from '@bo/contract/auth';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWithConfirmation,
} from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { readToken } from '../../../lib/token-store.ts';
import { useUpdatePassword } from '../api/update-password.ts';

export function ChangePasswordForm() {
  const update = useUpdatePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: validateWithConfirmation(passwordUpdateBody, 'newPassword'),
    ...liveValidation,
  });

  const submit = form.onSubmit(
    ({ currentPassword, newPassword }) =>
      update.mutate(
        { currentPassword, newPassword, refreshToken: readToken().refresh || undefined },
        {
          onSuccess: () => {
            form.reset();
            notifySuccess('Password changed. Your other devices were signed out.');
          },
          onError: (error) => showFormError(form, error),
        },
      ),
    focusFirstInvalid,
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={420}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description="At least 8 characters."
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
