import { createSavedViewBody, type SavedView } from '@bo/contract/saved-views';
import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { focusFirstInvalid, liveValidation, showFormError, validateWith } from '../../lib/form.ts';

const fields = createSavedViewBody.pick({ name: true, shared: true });

/**
 * Names a view and says whether the team sees it: saving the list's current
 * state as a new view, or renaming and (un)sharing one of the admin's own.
 */
export function ViewFormModal({
  view,
  busy,
  onSave,
  onClose,
}: {
  /** The view renamed; absent when a new one is saved. */
  view?: SavedView;
  busy: boolean;
  onSave: (values: { name: string; shared: boolean }) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useForm({
    initialValues: { name: view?.name ?? '', shared: view?.shared ?? false },
    validate: validateWith(fields),
    ...liveValidation,
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await onSave({ name: values.name.trim(), shared: values.shared });
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  }, focusFirstInvalid);

  return (
    <Modal opened onClose={onClose} title={view ? 'Rename view' : 'Save view'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            description={view ? undefined : 'The filters, sort, columns and density shown now.'}
            placeholder="e.g. Drafts of grade 8"
            data-autofocus
            required
            {...form.getInputProps('name')}
          />
          <Switch
            label="Share with the team"
            description="Every admin who may open this list sees it; only you change or delete it."
            {...form.getInputProps('shared', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {view ? 'Save' : 'Save view'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
