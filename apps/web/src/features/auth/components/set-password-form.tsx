import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CenteredCard } from '../../../components/centered-card.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWithConfirmation,
} from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { BrokenLink, deadLinkText } from './broken-link.tsx';

/**
 * The three screens where a password is set from an e-mailed or printed link
 * (invite, reset, setup) are one screen: the link's token checked before any
 * typing, then a password typed twice (after the screen's own fields), saved,
 * and on to /login. Each page says only its words, its fields and its call.
 */

/** What the screen says while the link is missing, being checked, or dead. */
export interface LinkGate {
  /** The check of the token (a query), asked when the page opens. */
  check: { isPending: boolean; isError: boolean; error: unknown };
  checking: string;
  incomplete: { title: string; text: ReactNode };
  /** `text` follows the sentence saying why the link failed. */
  invalid: { title: string; text: ReactNode };
  retry?: { retryTo: string; retryLabel: string };
}

interface Field<F extends string> {
  name: F;
  label: string;
  type?: 'email';
  autoComplete: string;
}

interface SetPasswordFormProps<F extends string> {
  title: string;
  description: string;
  /** Validates the screen's fields and `password` (the contract's body, less the token). */
  schema: z.ZodType;
  /** Fields typed before the password (setup: name and e-mail). */
  fields?: readonly Field<F>[];
  /** Shown above the fields (invite: the invited address, read-only). */
  header?: ReactNode;
  /** 'Password' or 'New password'; the second field is "Confirm <it>". */
  passwordLabel?: string;
  submitLabel: string;
  save: (values: Record<F | 'password', string>) => Promise<unknown>;
  pending: boolean;
  /** The toast once saved, on the way to /login. */
  done: string;
}

export function SetPasswordPage<F extends string = never>({
  token,
  gate,
  ...form
}: { token: string; gate: LinkGate } & SetPasswordFormProps<F>) {
  if (!token) {
    return (
      <BrokenLink title={gate.incomplete.title} {...gate.retry}>
        {gate.incomplete.text}
      </BrokenLink>
    );
  }
  if (gate.check.isPending) return <PageLoader label={gate.checking} />;
  if (gate.check.isError) {
    return (
      <BrokenLink title={gate.invalid.title} {...gate.retry}>
        {deadLinkText(gate.check.error)} {gate.invalid.text}
      </BrokenLink>
    );
  }
  return <SetPasswordForm {...form} />;
}

function SetPasswordForm<F extends string>({
  title,
  description,
  schema,
  fields = [],
  header,
  passwordLabel = 'Password',
  submitLabel,
  save,
  pending,
  done,
}: SetPasswordFormProps<F>) {
  const navigate = useNavigate();
  const form = useForm<Record<string, string>>({
    initialValues: {
      ...Object.fromEntries(fields.map((field) => [field.name, ''])),
      password: '',
      confirmPassword: '',
    },
    validate: validateWithConfirmation(schema, 'password'),
    ...liveValidation,
  });
  const submit = form.onSubmit(({ confirmPassword: _, ...values }) => {
    save(values as Record<F | 'password', string>).then(
      () => {
        notifySuccess(done);
        navigate('/login', { replace: true });
      },
      (error) => showFormError(form, error),
    );
  }, focusFirstInvalid);

  return (
    <CenteredCard title={title} description={description}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {header}
          {fields.map((field, index) => (
            <TextInput
              key={field.name}
              label={field.label}
              type={field.type}
              autoComplete={field.autoComplete}
              autoFocus={index === 0}
              required
              {...form.getInputProps(field.name)}
            />
          ))}
          <PasswordInput
            label={passwordLabel}
            autoComplete="new-password"
            autoFocus={fields.length === 0}
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={`Confirm ${passwordLabel.toLowerCase()}`}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={pending}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
