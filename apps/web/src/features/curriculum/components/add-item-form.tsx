import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { nameError } from './name-error.ts';

/** Inline add at the end of a column: type a name, press Enter (or Add). */
export function AddItemForm({
  noun,
  onAdd,
}: {
  noun: string;
  onAdd: (name: string) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const add = async () => {
    const name = draft.trim();
    if (!name) return;
    setAdding(true);
    try {
      await onAdd(name);
      setDraft('');
      setError(null);
    } catch (e) {
      setError(nameError(e));
    } finally {
      setAdding(false);
    }
  };

  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        flex={1}
        size="xs"
        aria-label={`New ${noun}`}
        placeholder={`Add a ${noun}`}
        value={draft}
        error={error}
        disabled={adding}
        onChange={(e) => {
          setDraft(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void add();
        }}
      />
      <Button size="xs" variant="light" onClick={add} loading={adding}>
        Add
      </Button>
    </Group>
  );
}
