import type { Admin } from '@bo/contract';
import { adminListQuery } from '@bo/contract/admins';
import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/search-params.ts';
import { useMe } from '../../../lib/session.ts';
import { useDeleteAdmin } from '../api/delete-admin.ts';
import { useEditAdmin } from '../api/edit-admin.ts';
import { useAdmins } from '../api/list-admins.ts';
import { useResendInvite } from '../api/resend-invite.ts';
import { AdminFormModal } from '../components/admin-form-modal.tsx';
import { AdminsFilters, hasAdminFilters } from '../components/admins-filters.tsx';
import { type AdminAction, AdminsTable } from '../components/admins-table.tsx';

type Dialog =
  | { kind: 'form'; admin: Admin | null }
  | { kind: 'delete'; admin: Admin }
  | { kind: 'disable'; admin: Admin }
  | null;

/** /admins: the admin list (state in the URL) and everything done to an admin. */
export function AdminsPage() {
  const params = useListParams(adminListQuery);
  const { values, update } = params;
  const list = useAdmins(values);
  const me = useMe();
  const [dialog, setDialog] = useState<Dialog>(null);
  const edit = useEditAdmin();
  const remove = useDeleteAdmin();
  const resend = useResendInvite();
  const close = () => setDialog(null);

  const setStatus = (admin: Admin, status: 'active' | 'disabled') =>
    edit.mutate(
      { id: admin.id, status },
      {
        onSuccess: () => {
          notifySuccess(`${admin.name} is ${status === 'active' ? 'enabled' : 'disabled'}.`);
          close();
        },
        onError: (error) => notifyError(error),
      },
    );

  const onAction = (action: AdminAction, admin: Admin) => {
    if (action === 'edit') setDialog({ kind: 'form', admin });
    else if (action === 'delete') setDialog({ kind: 'delete', admin });
    else if (action === 'disable') setDialog({ kind: 'disable', admin });
    else if (action === 'enable') setStatus(admin, 'active');
    else {
      resend.mutate(
        { id: admin.id },
        {
          onSuccess: () => notifySuccess(`A new invitation was sent to ${admin.email}.`),
          onError: (error) => notifyError(error, 'Could not resend the invitation'),
        },
      );
    }
  };

  return (
    <>
      <PageHeader
        title="Admins"
        description="Who can sign in to the back-office, and what each of them may open."
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'form', admin: null })}
          >
            New admin
          </Button>
        }
      />
      <AdminsFilters values={values} onChange={update} />
      <AdminsTable
        params={params}
        query={list}
        filtered={hasAdminFilters(values)}
        currentAdminId={me.data?.id}
        onAction={onAction}
      />

      {dialog?.kind === 'form' && (
        <AdminFormModal
          opened
          admin={dialog.admin}
          canSetRole={me.data?.role === 'super_admin'}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          title="Delete admin?"
          confirmLabel="Delete admin"
          loading={remove.isPending}
          onClose={close}
          onConfirm={() =>
            remove.mutate(
              { id: dialog.admin.id },
              {
                onSuccess: () => {
                  notifySuccess(`${dialog.admin.name} was deleted.`);
                  close();
                },
                onError: (error) => notifyError(error, 'Could not delete the admin'),
              },
            )
          }
        >
          <Text fz="sm">
            Delete <b>{dialog.admin.name}</b> ({dialog.admin.email})? Their account and every
            session end now. This cannot be undone.
          </Text>
        </ConfirmModal>
      )}
      {dialog?.kind === 'disable' && (
        <ConfirmModal
          title="Disable admin?"
          confirmLabel="Disable admin"
          color="orange"
          loading={edit.isPending}
          onClose={close}
          onConfirm={() => setStatus(dialog.admin, 'disabled')}
        >
          <Text fz="sm">
            Disable <b>{dialog.admin.name}</b> ({dialog.admin.email})? They are signed out
            everywhere and cannot sign in until enabled again.
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
