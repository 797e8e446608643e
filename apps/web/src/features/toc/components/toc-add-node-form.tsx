import type { TocNodeKind } from '@bo/contract';
import { addTocNodeBody } from '@bo/contract/toc';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { INDENT } from '../utils/flat-tree.ts';
import { KIND_OPTIONS } from '../utils/node-kinds.ts';
import { ROW_START } from './toc-tree-row.tsx';

const validate = validateWith(addTocNodeBody.pick({ title: true, kind: true }));

/** Inline form for a new node, indented at the depth it will take. */
export function AddNodeForm(props: {
  depth: number;
  kind: TocNodeKind;
  loading: boolean;
  onSubmit: (title: string, kind: TocNodeKind) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<{ title: string; kind: TocNodeKind }>({
    initialValues: { title: '', kind: props.kind },
    validate,
    ...liveValidation,
  });
  const submit = form.onSubmit(async ({ title, kind }) => {
    try {
      await props.onSubmit(title, kind);
    } catch (error) {
      showFormError(form, error);
    }
  }, focusFirstInvalid);
  return (
    <form onSubmit={submit} noValidate>
      <Group
        gap="xs"
        pl={ROW_START + props.depth * INDENT}
        pr={4}
        py={4}
        wrap="nowrap"
        align="flex-start"
      >
        <Select
          size="xs"
          w={110}
          data={KIND_OPTIONS}
          allowDeselect={false}
          aria-label="Kind"
          {...form.getInputProps('kind')}
        />
        <TextInput
          size="xs"
          placeholder="Title"
          aria-label="New node title"
          autoFocus
          {...form.getInputProps('title')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') props.onCancel();
          }}
          style={{ flex: 1 }}
        />
        <Button type="submit" size="xs" loading={props.loading}>
          Add
        </Button>
        <Button size="xs" variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
