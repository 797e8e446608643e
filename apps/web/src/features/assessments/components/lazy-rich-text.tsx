import { Button, Group, Input, Modal, Skeleton, Stack } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import type { RichTextEditorFieldProps } from '../../../components/rich-text/rich-text-editor.tsx';

// Tiptap loads only when an instruction is written, as in the question editor.
const RichTextEditorField = lazy(() =>
  import('../../../components/rich-text/rich-text-editor.tsx').then((m) => ({
    default: m.RichTextEditorField,
  })),
);

/**
 * The rich-text field of the builder's instructions (instruction blocks, an
 * assessment's and a section's instructions): the editor's code is fetched
 * when the field first shows, with a skeleton of its size meanwhile.
 */
export function LazyRichTextField(props: RichTextEditorFieldProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} labelElement="div" required={props.required}>
          <Skeleton h={(props.minHeight ?? 120) + 40} mt={4} />
        </Input.Wrapper>
      }
    >
      <RichTextEditorField {...props} />
    </Suspense>
  );
}

/**
 * A dialog around one rich-text field (an instruction block, an
 * assessment's, a section's or the practices' general instructions): the
 * field, what a dialog adds below it, Cancel and the save button. While
 * `waiting` (the current text still loading) a skeleton stands in for the
 * field and saving is off.
 */
export function RichTextDialog({
  title,
  field,
  waiting = false,
  saveLabel,
  saving,
  onSave,
  onClose,
  children,
}: {
  title: string;
  field: RichTextEditorFieldProps;
  waiting?: boolean;
  saveLabel: string;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack>
        {waiting ? (
          <Input.Wrapper label={field.label} labelElement="div">
            <Skeleton h={(field.minHeight ?? 120) + 40} mt={4} />
          </Input.Wrapper>
        ) : (
          <LazyRichTextField {...field} />
        )}
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={saving} disabled={waiting} onClick={onSave}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
