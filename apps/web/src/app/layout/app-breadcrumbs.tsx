import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useMatches } from 'react-router';
import type { RouteHandle } from '../router.tsx';

/** Home › <screen>, from the `crumb` of each matched route. */
export function AppBreadcrumbs() {
  const matches = useMatches();
  const crumbs = matches.flatMap((m) => {
    const crumb = (m.handle as RouteHandle | undefined)?.crumb;
    return crumb ? [{ label: crumb, path: m.pathname }] : [];
  });
  const items = [{ label: 'Home', path: '/' }, ...crumbs];
  return (
    <Breadcrumbs mb="md" fz="sm" aria-label="Breadcrumb" component="nav">
      {items.map((item, index) =>
        index === items.length - 1 ? (
          <Text key={item.path} fz="sm" c="dimmed" aria-current="page">
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
