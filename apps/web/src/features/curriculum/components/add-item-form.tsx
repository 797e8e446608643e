import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { focusFirstInvalid, liveValidation, showFormError } from '../../../lib/form.ts';
import { validateName } from './name-form.ts';

/** Inline add at the end of a column: type a name, press Enter (or Add). */
export function AddItemForm({
  noun,
  onAdd,
}: {
  noun: string;
  onAdd: (name: string) => Promise<unknown>;
}) {
  const [adding, setAdding] = useState(false);
  const form = useForm({ initialValues: { name: '' }, validate: validateName, ...liveValidation });

  const add = form.onSubmit(async ({ name }) => {
    setAdding(true);
    try {
      await onAdd(name.trim());
      form.reset();
    } catch (e) {
      showFormError(form, e);
    } finally {
      setAdding(false);
    }
  }, focusFirstInvalid);

  return (
    <form onSubmit={add} noValidate>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <TextInput
          flex={1}
          size="xs"
          aria-label={`New ${noun}`}
          placeholder={`Add a ${noun}`}
          disabled={adding}
          {...form.getInputProps('name')}
        />
        <Button type="submit" size="xs" variant="light" loading={adding}>
          Add
        </Button>
      </Group>
    </form>
  );
}
