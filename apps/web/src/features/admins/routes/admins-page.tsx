import { type Admin, adminListQuery } from '@bo/contract';
import { Alert, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/search-params.ts';
import { useMe } from '../../../lib/session.ts';
import { useDeleteAdmin } from '../api/delete-admin.ts';
import { useEditAdmin } from '../api/edit-admin.ts';
import { useAdmins } from '../api/list-admins.ts';
import { useResendInvite } from '../api/resend-invite.ts';
import { AdminFormModal } from '../components/admin-form-modal.tsx';
import { AdminsFilters } from '../components/admins-filters.tsx';
import { type AdminAction, AdminsTable } from '../components/admins-table.tsx';

type Dialog =
  | { kind: 'form'; admin: Admin | null }
  | { kind: 'delete'; admin: Admin }
  | { kind: 'disable'; admin: Admin }
  | null;

/** /admins: the admin list (state in the URL) and everything done to an admin. */
export function AdminsPage() {
  const { values, update } = useListParams(adminListQuery);
  const list = useAdmins(values);
  const me = useMe();
  const [dialog, setDialog] = useState<Dialog>(null);
  const edit = useEditAdmin();
  const remove = useDeleteAdmin();
  const resend = useResendInvite();
  const close = () => setDialog(null);

  // Deleting the last row of the last page leaves an empty page: step back to one that exists.
  const data = list.data;
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && values.page > 1) {
      update({ page: Math.ceil(data.total / values.pageSize) }, { replace: true });
    }
  }, [data, values.page, values.pageSize, update]);

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
      {list.isError ? (
        <Alert color="red" title="Could not load the admins">
          {errorMessage(list.error)}
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <AdminsTable
          records={data?.items}
          total={data?.total}
          page={values.page}
          pageSize={values.pageSize}
          sort={{ column: values.sort, order: values.order }}
          fetching={list.isFetching}
          filtered={Boolean(values.q || values.status || values.role)}
          currentAdminId={me.data?.id}
          onPage={(page) => update({ page })}
          onPageSize={(pageSize) => update({ pageSize })}
          onSort={(sort, order) => update({ sort, order })}
          onAction={onAction}
        />
      )}

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
