import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { focusFirstInvalid, liveValidation, showFormError } from '../../../lib/form.ts';
import { validateName } from './name-form.ts';

/**
 * Inline rename of a column's item: Enter saves, Escape or leaving the field
 * cancels; an unchanged name closes without a request.
 */
export function RenameItemForm({
  name,
  onRename,
  onClose,
}: {
  name: string;
  onRename: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { name }, validate: validateName, ...liveValidation });

  const save = form.onSubmit(async (values) => {
    const next = values.name.trim();
    if (next === name) return onClose();
    setBusy(true);
    try {
      await onRename(next);
      onClose();
    } catch (e) {
      showFormError(form, e);
    } finally {
      setBusy(false);
    }
  }, focusFirstInvalid);

  return (
    <form onSubmit={save} noValidate style={{ flex: 1 }}>
      <TextInput
        size="xs"
        autoFocus
        aria-label={`New name for ${name}`}
        disabled={busy}
        {...form.getInputProps('name')}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
        onBlur={() => !busy && onClose()}
      />
    </form>
  );
}
