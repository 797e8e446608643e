import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { humanFieldMessage, isEmptyValue, messageForIssue, REQUIRED } from './form-messages.ts';
import { notifyError } from './notify.ts';

export type FormErrors = Record<string, string>;

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let at = values;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/**
 * Form validation straight from a contract schema, so the client checks
 * exactly what the server will check, in words from one mapping
 * (form-messages.ts): every invalid field gets its message at once, and a
 * field left empty says "Required" whatever rule it broke.
 */
export function validateWith(schema: z.ZodType) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values, { error: messageForIssue });
    const errors: FormErrors = {};
    if (result.success) return errors;
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (errors[key]) continue;
      errors[key] = isEmptyValue(valueAt(values, issue.path)) ? REQUIRED : issue.message;
    }
    return errors;
  };
}

/**
 * For forms that ask for a new password twice: the contract's checks plus
 * "both entries match", reported on `confirmPassword`.
 */
export function validateWithConfirmation(schema: z.ZodType, passwordField: string) {
  const base = validateWith(schema);
  return (values: Record<string, unknown>) => {
    const errors = base(values);
    if (isEmptyValue(values.confirmPassword)) errors.confirmPassword = REQUIRED;
    else if (values.confirmPassword !== values[passwordField]) {
      errors.confirmPassword = 'The two passwords do not match';
    }
    return errors;
  };
}

/**
 * Shared by every form: a field is checked as it changes, and when it loses
 * focus after being changed. An untouched empty field is not flagged on
 * blur: its new error line would push the button being clicked from under
 * the pointer (the first click then misses); submit flags it. An invalid
 * field is also marked `aria-invalid` for screen readers (PasswordInput puts
 * only `data-invalid` on its inner input).
 */
export const liveValidation = {
  validateInputOnChange: true,
  enhanceGetInputProps: ({
    inputProps,
    field,
    form,
  }: {
    inputProps: { error?: unknown };
    field: string;
    // biome-ignore lint/suspicious/noExplicitAny: shared by forms of every value shape
    form: UseFormReturnType<any>;
  }) => ({
    ...(inputProps.error ? { 'aria-invalid': true } : {}),
    onBlur: () => {
      if (form.isDirty(field)) form.validateField(field);
    },
  }),
} as const;

/**
 * Passed as `form.onSubmit(handler, focusFirstInvalid)`: after a refused
 * submit, the first invalid field in page order gets focus (and scrolls into
 * view), so the person lands on what to fix, also in a long dialog.
 */
export function focusFirstInvalid(errors: Record<string, unknown>): void {
  const invalid = new Set(Object.keys(errors));
  // After React has shown the errors, so the field's error line is in place.
  requestAnimationFrame(() => {
    const first = [...document.querySelectorAll<HTMLElement>('[data-path]')].find((el) =>
      invalid.has(el.dataset.path ?? ''),
    );
    first?.focus();
  });
}

/**
 * Puts the server's `details` on the matching fields (their paths read
 * `body.email` or `email`, or `body.bands.1.label` inside a list) in words
 * meant for people, and toasts whatever is left, with the server's message.
 */
export function showFormError<V>(
  form: UseFormReturnType<V>,
  error: unknown,
  /** A body field the form edits under another name (`sendAt` → `sendAtLocal`). */
  fieldOf: Record<string, string> = {},
): void {
  const fields = new Set(Object.keys(form.getValues() as object));
  const fieldErrors: FormErrors = {};
  if (error instanceof ApiError) {
    for (const detail of error.details) {
      const path = detail.path.replace(/^(body|query)\./, '');
      const field = fieldOf[path] ?? path;
      // A field inside a list (`gradeBands.1.label`) belongs to its list's field.
      if (fields.has(field.split('.')[0]!) && !fieldErrors[field]) {
        fieldErrors[field] = humanFieldMessage(detail.message);
      }
    }
  }
  if (Object.keys(fieldErrors).length > 0) {
    form.setErrors(fieldErrors);
    return;
  }
  notifyError(error);
}
