import { ActionIcon, Avatar, Group, Menu, Skeleton, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useEndSession, useMe } from '../../lib/session.ts';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase();
}

export function AppHeader({ navOpen, onToggleNav }: { navOpen: boolean; onToggleNav: () => void }) {
  const me = useMe();
  const logout = useLogout();
  const endSession = useEndSession();

  // The local session ends even when the server call fails (offline, already revoked).
  const signOut = () => logout.mutate(undefined, { onSettled: endSession });

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={onToggleNav}
          aria-label="Toggle sidebar"
          aria-expanded={navOpen}
          data-testid="sidebar-toggle"
        >
          {navOpen ? (
            <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
          ) : (
            <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
          )}
        </ActionIcon>
        <Brand />
      </Group>
      {me.data ? (
        <Menu position="bottom-end" width={220} shadow="md">
          <Menu.Target>
            <UnstyledButton data-testid="user-menu" aria-label={`Account menu of ${me.data.name}`}>
              <Group gap="xs" wrap="nowrap">
                <Avatar size={32} radius="xl" color="indigo" aria-hidden>
                  {initials(me.data.name)}
                </Avatar>
                <Text fz="sm" fw={500} visibleFrom="xs" data-testid="user-name">
                  {me.data.name}
                </Text>
                <IconChevronDown size={14} aria-hidden />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{me.data.email}</Menu.Label>
            <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} />}>
              Profile
            </Menu.Item>
            <Menu.Item
              // With a shade: Menu.Item takes shade 6 of a bare colour name (3.3:1 on white).
              color="red.9"
              leftSection={<IconLogout size={16} />}
              onClick={signOut}
              disabled={logout.isPending}
            >
              Sign out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Skeleton h={32} w={140} radius="xl" />
      )}
    </Group>
  );
}
