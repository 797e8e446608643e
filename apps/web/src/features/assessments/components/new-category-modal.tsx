import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAddTestCategory } from '../api/test-categories.ts';

/** Adds a test category (mock tests are filed under one); a name taken whatever its case is refused. */
export function NewCategoryModal({ onClose }: { onClose: () => void }) {
  const add = useAddTestCategory();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!name.trim()) return setError('Required');
    add.mutate(
      { name: name.trim() },
      {
        onSuccess: (c) => {
          notifySuccess(`Test category “${c.name}” added.`);
          onClose();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="New test category">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            error={error}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add category
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
