import { Menu } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router';

/** The account menu's dropdown, around the header's button (app-header.tsx loads it on demand). */
export function UserMenu({
  target,
  email,
  defaultOpened,
  onSignOut,
  signingOut,
}: {
  target: ReactElement;
  email: string;
  defaultOpened: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  return (
    <Menu position="bottom-end" width={220} shadow="md" defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={onSignOut}
          disabled={signingOut}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
