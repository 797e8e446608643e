import { type Admin, MODULES } from '@bo/contract';
import { ActionIcon, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconMailForward,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { ROLE_LABEL, STATUS_COLOR, STATUS_LABEL } from './labels.ts';

export type AdminAction = 'edit' | 'disable' | 'enable' | 'resend' | 'delete';
type SortColumn = 'name' | 'email' | 'createdAt' | 'lastLoginAt';

const moduleName = new Map<string, string>(MODULES.map((m) => [m.key, m.name]));
const PAGE_SIZES = [10, 20, 50, 100];

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export function AdminsTable({
  records,
  total,
  page,
  pageSize,
  sort,
  fetching,
  filtered,
  currentAdminId,
  onPage,
  onPageSize,
  onSort,
  onAction,
}: {
  records: Admin[] | undefined;
  total: number | undefined;
  page: number;
  pageSize: number;
  sort: { column: SortColumn | undefined; order: 'asc' | 'desc' };
  fetching: boolean;
  filtered: boolean;
  currentAdminId: number | undefined;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onSort: (column: SortColumn, order: 'asc' | 'desc') => void;
  onAction: (action: AdminAction, admin: Admin) => void;
}) {
  const sortStatus: DataTableSortStatus<Admin> = {
    columnAccessor: sort.column ?? 'createdAt',
    direction: sort.order,
  };
  return (
    <DataTable<Admin>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="sm"
      minHeight={records?.length ? undefined : 260}
      fetching={fetching}
      records={records}
      idAccessor="id"
      totalRecords={total}
      page={page}
      recordsPerPage={pageSize}
      recordsPerPageOptions={PAGE_SIZES}
      recordsPerPageLabel="Admins per page"
      onPageChange={onPage}
      onRecordsPerPageChange={onPageSize}
      paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      sortStatus={sortStatus}
      onSortStatusChange={(s) => onSort(s.columnAccessor as SortColumn, s.direction)}
      noRecordsText={filtered ? 'No admins match' : 'No admins yet'}
      noRecordsIcon={<IconUsersGroup size={32} stroke={1.4} />}
      customRowAttributes={(admin) => ({ 'data-testid': `admin-row-${admin.id}` })}
      columns={[
        {
          accessor: 'name',
          title: 'Admin',
          sortable: true,
          render: (admin) => (
            <Stack gap={0}>
              <Text fz="sm" fw={500}>
                {admin.name}
                {admin.id === currentAdminId && (
                  <Text span c="dimmed" fz="xs">
                    {' '}
                    (you)
                  </Text>
                )}
              </Text>
              <Text fz="xs" c="dimmed">
                {admin.email}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'role',
          render: (admin) => (
            <Badge variant="light" color={admin.role === 'super_admin' ? 'grape' : 'blue'}>
              {ROLE_LABEL[admin.role]}
            </Badge>
          ),
        },
        {
          accessor: 'status',
          render: (admin) => (
            <Badge variant="dot" color={STATUS_COLOR[admin.status]}>
              {STATUS_LABEL[admin.status]}
            </Badge>
          ),
        },
        {
          accessor: 'modules',
          render: (admin) => <ModuleList admin={admin} />,
        },
        {
          accessor: 'lastLoginAt',
          title: 'Last sign-in',
          sortable: true,
          render: (admin) => formatDate(admin.lastLoginAt),
        },
        {
          accessor: 'actions',
          title: <VisuallyHidden>Actions</VisuallyHidden>,
          textAlign: 'right',
          width: 170,
          render: (admin) => (
            <RowActions admin={admin} self={admin.id === currentAdminId} onAction={onAction} />
          ),
        },
      ]}
    />
  );
}

function ModuleList({ admin }: { admin: Admin }) {
  if (admin.role === 'super_admin') return <Text fz="sm">All modules</Text>;
  if (admin.modules.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        None
      </Text>
    );
  }
  const shown = admin.modules.slice(0, 3);
  const rest = admin.modules.length - shown.length;
  return (
    <Group gap={4}>
      {shown.map((key) => (
        <Badge key={key} variant="outline" color="gray" size="sm" tt="none">
          {moduleName.get(key) ?? key}
        </Badge>
      ))}
      {rest > 0 && (
        <Tooltip
          label={admin.modules
            .slice(3)
            .map((k) => moduleName.get(k) ?? k)
            .join(', ')}
        >
          <Badge variant="light" color="gray" size="sm">
            +{rest}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

function RowActions({
  admin,
  self,
  onAction,
}: {
  admin: Admin;
  self: boolean;
  onAction: (action: AdminAction, admin: Admin) => void;
}) {
  const item = (
    action: AdminAction,
    tooltip: string,
    ariaLabel: string,
    icon: ReactNode,
    color = 'gray',
    disabled = false,
  ) => (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => onAction(action, admin)}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const { name } = admin;
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      {admin.status === 'invited' &&
        item(
          'resend',
          'Resend invitation',
          `Resend invitation to ${name}`,
          <IconMailForward size={18} />,
          'indigo',
        )}
      {item('edit', 'Edit', `Edit ${name}`, <IconPencil size={18} />)}
      {admin.status === 'disabled'
        ? item('enable', 'Enable', `Enable ${name}`, <IconPlayerPlay size={18} />, 'teal')
        : item(
            'disable',
            'Disable',
            `Disable ${name}`,
            <IconPlayerPause size={18} />,
            'orange',
            self,
          )}
      {/* The API refuses both for one's own account; the buttons say so up front. */}
      {item('delete', 'Delete', `Delete ${name}`, <IconTrash size={18} />, 'red', self)}
    </Group>
  );
}
