import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { useFormDraft } from '../../../lib/use-form-draft.tsx';

/**
 * A dialog asking for one text (a reset's reason, a resolution's note),
 * checked with the contract's schema of the body it completes.
 */
export function NoteModal({
  title,
  intro,
  label,
  field,
  schema,
  fixed,
  confirmLabel,
  busy,
  onSubmit,
  onClose,
}: {
  title: string;
  intro: ReactNode;
  label: string;
  field: string;
  schema: z.ZodType;
  /** The body's other fields (the id). */
  fixed: Record<string, unknown>;
  confirmLabel: string;
  busy: boolean;
  onSubmit: (text: string) => Promise<void>;
  onClose: () => void;
}) {
  const validate = validateWith(schema);
  const form = useForm({
    initialValues: { text: '' },
    validate: (v) => {
      const errors = validate({ ...fixed, [field]: v.text });
      return errors[field] ? { text: errors[field] } : {};
    },
    ...liveValidation,
  });
  // The object is the action and what it acts on (`reason:{"id":1,"bindingId":2}`).
  const draft = useFormDraft(form, `${field}:${JSON.stringify(fixed)}`, 'this note');
  const submit = form.onSubmit(async (v) => {
    try {
      await onSubmit(v.text);
      draft.saved();
    } catch (error) {
      showFormError(form, error);
    }
  }, focusFirstInvalid);
  return (
    <Modal opened onClose={onClose} title={title} closeOnClickOutside={!busy} closeOnEscape={!busy}>
      {draft.offer}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" component="div">
            {intro}
          </Text>
          <Textarea
            label={label}
            required
            autosize
            minRows={3}
            data-autofocus
            {...form.getInputProps('text')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
