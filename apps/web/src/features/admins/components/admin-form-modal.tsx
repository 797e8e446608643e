import type { Admin, ModuleKey } from '@bo/contract';
import { createAdminBody } from '@bo/contract/admins';
import { ROLES } from '@bo/contract/auth';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useFormDraft } from '../../../lib/use-form-draft.tsx';
import { useCreateAdmin } from '../api/create-admin.ts';
import { useEditAdmin } from '../api/edit-admin.ts';
import { useUpdateModules } from '../api/update-modules.ts';
import { ROLE_LABEL } from './labels.ts';
import { ModulesChecklist } from './modules-checklist.tsx';

interface Values {
  name: string;
  email: string;
  phone: string;
  role: Admin['role'];
  modules: string[];
}

const roleOptions = ROLES.map((value) => ({ value, label: ROLE_LABEL[value] }));
/** The phone is optional: an empty field means "none", not an invalid number. */
const normalise = (v: Values) => ({ ...v, phone: v.phone.trim() || undefined });
// One schema for both modes: edit's name, phone and role rules are the same contract schemas.
const validateCreate = validateWith(createAdminBody);

/** Create an admin (who gets an invitation e-mail) or edit one: `admin` null means create. */
export function AdminFormModal({
  opened,
  admin,
  canSetRole,
  onClose,
}: {
  opened: boolean;
  admin: Admin | null;
  canSetRole: boolean;
  onClose: () => void;
}) {
  const create = useCreateAdmin();
  const edit = useEditAdmin();
  const updateModules = useUpdateModules();
  const form = useForm<Values>({
    initialValues: {
      name: admin?.name ?? '',
      email: admin?.email ?? '',
      phone: admin?.phone ?? '',
      role: admin?.role ?? 'admin',
      modules: admin?.modules ?? [],
    },
    validate: (values) => validateCreate(normalise(values)),
    ...liveValidation,
  });
  const draft = useFormDraft(
    form,
    `admin:${admin?.id ?? 'new'}`,
    admin ? 'this admin' : 'a new admin',
  );
  const busy = create.isPending || edit.isPending || updateModules.isPending;
  const isSuper = form.values.role === 'super_admin';

  const submit = form.onSubmit(async (values) => {
    const modules = (isSuper ? [] : values.modules) as ModuleKey[];
    try {
      if (!admin) {
        await create.mutateAsync({ ...normalise(values), modules });
        notifySuccess(
          `${values.email.trim()} will get an e-mail to set a password.`,
          'Admin created',
        );
      } else {
        await edit.mutateAsync({
          id: admin.id,
          name: values.name,
          phone: values.phone.trim() || null,
          ...(canSetRole ? { role: values.role } : {}),
        });
        const changed = [...modules].sort().join() !== [...admin.modules].sort().join();
        if (!isSuper && changed) await updateModules.mutateAsync({ id: admin.id, modules });
        notifySuccess(`${values.name} was updated.`);
      }
      draft.saved();
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  }, focusFirstInvalid);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={admin ? `Edit ${admin.name}` : 'New admin'}
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      {draft.offer}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            required={!admin}
            readOnly={Boolean(admin)}
            variant={admin ? 'filled' : 'default'}
            description={
              admin ? 'The e-mail address cannot be changed.' : 'The invitation goes here.'
            }
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Phone"
            description="Optional."
            type="tel"
            autoComplete="off"
            {...form.getInputProps('phone')}
          />
          {canSetRole && (
            <Select
              label="Role"
              data={roleOptions}
              allowDeselect={false}
              {...form.getInputProps('role')}
            />
          )}
          <ModulesChecklist
            value={form.values.modules}
            onChange={(modules) => form.setFieldValue('modules', modules)}
            allGranted={isSuper}
            error={form.errors.modules}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {admin ? 'Save changes' : 'Create admin'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
