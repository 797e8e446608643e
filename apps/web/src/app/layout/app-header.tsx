import { ActionIcon, Avatar, Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Brand } from '../../components/brand.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { PaletteLauncher } from '../../features/palette/index.ts';
import { useEndSession, useMe } from '../../lib/session.ts';
import { AREAS } from '../areas.ts';
import { HOME_AREA } from '../home-area.ts';

/** What the command palette finds as screens: the sidebar's entries. */
const SCREENS = [HOME_AREA, ...AREAS];

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
      {/* On a narrow phone the title gives way (…), never the account menu. */}
      <Group gap="sm" wrap="nowrap" miw={0}>
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
      <Group gap="sm" wrap="nowrap">
        <PaletteLauncher screens={SCREENS} />
        {me.data ? (
          <AccountMenu
            name={me.data.name}
            email={me.data.email}
            onSignOut={signOut}
            signingOut={logout.isPending}
          />
        ) : (
          <Skeleton h={32} w={140} radius="xl" />
        )}
      </Group>
    </Group>
  );
}

type UserMenuModule = typeof import('./user-menu.tsx');
let userMenu: Promise<UserMenuModule> | null = null;
const loadUserMenu = () => {
  userMenu ??= import('./user-menu.tsx').catch((error) => {
    userMenu = null; // a failed download is tried again on the next hover or press
    throw error;
  });
  return userMenu;
};

/**
 * The account button. Its menu (Mantine's Menu and Popover, ~6-13 kB brotli
 * the screen may not otherwise need) loads when the button is first
 * hovered, focused or pressed; a press before it arrived opens the menu as
 * soon as it has, and the focus stays on the button across the swap.
 */
function AccountMenu({
  name,
  email,
  onSignOut,
  signingOut,
}: {
  name: string;
  email: string;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const [menu, setMenu] = useState<{ module: UserMenuModule; open: boolean; focus: boolean }>();
  const button = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  const wake = () => {
    if (menu) return;
    loadUserMenu().then(
      (module) =>
        setMenu({
          module,
          open: pressed.current,
          focus: document.activeElement === button.current,
        }),
      () => {},
    );
  };
  useEffect(() => {
    if (menu?.focus) button.current?.focus();
  }, [menu]);

  const target = (
    <UnstyledButton
      ref={button}
      data-testid="user-menu"
      aria-label={`Account menu of ${name}`}
      {...(menu
        ? {}
        : {
            'aria-haspopup': 'menu' as const,
            'aria-expanded': false,
            onPointerEnter: wake,
            onFocus: wake,
            onClick: () => {
              pressed.current = true;
              wake();
            },
          })}
    >
      <Group gap="xs" wrap="nowrap">
        {/* The initials are drawn by CSS, not text: visible text the name does
            not hold would break "label in name" (WCAG 2.5.3). */}
        <Avatar size={32} radius="xl" color="indigo" aria-hidden>
          <span className="initials" data-initials={initials(name)} />
        </Avatar>
        <Text fz="sm" fw={500} visibleFrom="xs" data-testid="user-name">
          {name}
        </Text>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
  if (!menu) return target;
  const { UserMenu } = menu.module;
  return (
    <UserMenu
      target={target}
      email={email}
      defaultOpened={menu.open}
      onSignOut={onSignOut}
      signingOut={signingOut}
    />
  );
}
