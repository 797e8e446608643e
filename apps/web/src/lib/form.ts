import { schemaResolver, type UseFormReturnType } from '@mantine/form';
import { ApiError } from './api-error.ts';
import { notifyError } from './notify.ts';

/**
 * Form validation straight from a contract schema (zod implements Standard
 * Schema), so the client checks exactly what the server will check.
 */
export function validateWith(schema: Parameters<typeof schemaResolver>[0]) {
  return schemaResolver(schema, { sync: true });
}

/**
 * For forms that ask for a new password twice: the contract's checks plus
 * "both entries match", reported on `confirmPassword`.
 */
export function validateWithConfirmation(
  schema: Parameters<typeof schemaResolver>[0],
  passwordField: string,
) {
  const base = validateWith(schema);
  return (values: Record<string, unknown>) => {
    const errors = base(values);
    if (values.confirmPassword !== values[passwordField]) {
      errors.confirmPassword = 'The two passwords do not match';
    }
    return errors;
  };
}

/** Shared by every form: validate a field as it changes and when it loses focus. */
export const liveValidation = { validateInputOnChange: true, validateInputOnBlur: true } as const;

/**
 * Puts the server's `details` on the matching fields (their paths read
 * `body.email` or `email`) and toasts whatever is left, with the server's message.
 */
export function showFormError<V>(form: UseFormReturnType<V>, error: unknown): void {
  const fields = new Set(Object.keys(form.getValues() as object));
  const fieldErrors: Record<string, string> = {};
  if (error instanceof ApiError) {
    for (const detail of error.details) {
      const field = detail.path.replace(/^(body|query)\./, '');
      if (fields.has(field) && !fieldErrors[field]) fieldErrors[field] = detail.message;
    }
  }
  if (Object.keys(fieldErrors).length > 0) {
    form.setErrors(fieldErrors);
    return;
  }
  notifyError(error);
}
