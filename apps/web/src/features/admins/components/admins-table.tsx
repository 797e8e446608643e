import type { Admin } from '@bo/contract';
import { MODULES } from '@bo/contract/access';
import { ActionIcon, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconMailForward,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  ListTable,
  type ListTableParams,
  type ListTableQuery,
} from '../../../components/list-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { ROLE_LABEL, STATUS_COLOR, STATUS_LABEL } from './labels.ts';

export type AdminAction = 'edit' | 'disable' | 'enable' | 'resend' | 'delete';

const moduleName = new Map<string, string>(MODULES.map((m) => [m.key, m.name]));

export function AdminsTable({
  params,
  query,
  filtered,
  currentAdminId,
  onAction,
}: {
  params: ListTableParams;
  query: ListTableQuery<Admin>;
  filtered: boolean;
  currentAdminId: number | undefined;
  onAction: (action: AdminAction, admin: Admin) => void;
}) {
  return (
    <ListTable<Admin>
      list={'admins'}
      params={params}
      query={query}
      noun="Admins"
      filtered={filtered}
      emptyIcon={IconUsersGroup}
      defaultSort="name"
      rowTestId={(admin) => `admin-row-${admin.id}`}
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
            <StatusBadge color={STATUS_COLOR[admin.status]}>
              {STATUS_LABEL[admin.status]}
            </StatusBadge>
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
          render: (admin) => formatDateTime(admin.lastLoginAt),
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
