import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useLocation, useMatches } from 'react-router';
import type { RouteHandle } from '../../lib/area.ts';
import { usePageCrumbFor } from '../../lib/page-crumb.ts';

/**
 * Home › <screen>, from the `crumb` of each matched route; the last one is
 * the name the screen gave (lib/page-crumb.ts) once it has one.
 */
export function AppBreadcrumbs() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const named = usePageCrumbFor(pathname);
  const crumbs = matches.flatMap((m) => {
    const crumb = (m.handle as RouteHandle | undefined)?.crumb;
    return crumb ? [{ label: crumb, path: m.pathname }] : [];
  });
  const last = crumbs.at(-1);
  if (named && last) crumbs[crumbs.length - 1] = { ...last, label: named };
  const items = [{ label: 'Home', path: '/' }, ...crumbs];
  return (
    <Breadcrumbs mb="md" fz="sm" aria-label="Breadcrumb" component="nav">
      {items.map((item, index) =>
        index === items.length - 1 ? (
          <Text key={item.path} fz="sm" c="dimmed" aria-current="page" truncate maw={480}>
            {item.label}
          </Text>
        ) : (
          <Anchor key={item.path} component={Link} to={item.path} fz="sm">
            {item.label}
          </Anchor>
        ),
      )}
    </Breadcrumbs>
  );
}
