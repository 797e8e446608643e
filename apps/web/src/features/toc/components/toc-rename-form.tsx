import type { TocNode } from '@bo/contract';
import { renameTocNodeBody } from '@bo/contract/toc';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { useRenameTocNode } from '../api/rename-toc-node.ts';

const validate = validateWith(renameTocNodeBody.pick({ title: true }));

/**
 * Inline rename of a node: Enter or leaving the field saves, Escape cancels;
 * an unchanged title closes without a request, an empty one says "Required".
 */
export function TocRenameForm({
  node,
  isbn,
  onClose,
}: {
  node: TocNode;
  isbn: string;
  onClose: () => void;
}) {
  const rename = useRenameTocNode(isbn);
  const form = useForm({ initialValues: { title: node.title }, validate, ...liveValidation });
  const save = form.onSubmit(async ({ title }) => {
    if (title.trim() === node.title) return onClose();
    try {
      await rename.mutateAsync({ id: node.id, title });
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  }, focusFirstInvalid);
  return (
    <form onSubmit={save} noValidate style={{ flex: 1, minWidth: 0 }}>
      <TextInput
        size="xs"
        autoFocus
        aria-label="Node title"
        disabled={rename.isPending}
        {...form.getInputProps('title')}
        onBlur={() => !rename.isPending && save()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      />
    </form>
  );
}
