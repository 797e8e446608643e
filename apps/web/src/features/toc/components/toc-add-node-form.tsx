import type { TocNodeKind } from '@bo/contract';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify.ts';
import { INDENT } from '../hooks/use-tree-drag.ts';
import { KIND_OPTIONS } from '../utils/node-kinds.ts';
import { ROW_START } from './toc-tree-row.tsx';

/** Inline form for a new node, indented at the depth it will take. */
export function AddNodeForm(props: {
  depth: number;
  kind: TocNodeKind;
  loading: boolean;
  onSubmit: (title: string, kind: TocNodeKind) => Promise<void>;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<TocNodeKind>(props.kind);
  const submit = async () => {
    if (!title.trim()) return;
    try {
      await props.onSubmit(title, kind);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Group gap="xs" pl={ROW_START + props.depth * INDENT} pr={4} py={4} wrap="nowrap">
      <Select
        size="xs"
        w={110}
        data={KIND_OPTIONS}
        value={kind}
        allowDeselect={false}
        aria-label="Kind"
        onChange={(v) => v && setKind(v as TocNodeKind)}
      />
      <TextInput
        size="xs"
        placeholder="Title"
        aria-label="New node title"
        autoFocus
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit();
          if (e.key === 'Escape') props.onCancel();
        }}
        style={{ flex: 1 }}
      />
      <Button size="xs" onClick={submit} loading={props.loading} disabled={!title.trim()}>
        Add
      </Button>
      <Button size="xs" variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
    </Group>
  );
}
