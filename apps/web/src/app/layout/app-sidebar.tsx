import { NavLink, Skeleton, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { canOpen, useMe } from '../../lib/session.ts';
import { AREAS } from '../areas.ts';
import { HOME_AREA } from '../home-area.ts';

/** Only areas that exist in this build and that this admin may open: no dead links. */
export function AppSidebar() {
  const me = useMe();
  const { pathname } = useLocation();
  if (me.isPending) {
    return (
      <Stack gap="xs" aria-hidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={36} radius="md" />
        ))}
      </Stack>
    );
  }
  const areas = [HOME_AREA, ...AREAS].filter((area) => canOpen(me.data, area.access));
  return (
    <Stack gap={4}>
      {areas.map((area) => {
        const active =
          area.path === '/'
            ? pathname === '/'
            : pathname === area.path || pathname.startsWith(`${area.path}/`);
        return (
          <NavLink
            key={area.path}
            component={Link}
            to={area.path}
            label={area.label}
            leftSection={<area.icon size={18} stroke={1.6} />}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
    </Stack>
  );
}
