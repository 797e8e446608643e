import { Badge, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A row's status as a dot badge, its word always whole: in a narrow table
 * column Mantine's badge would cut "Resolved" to "RESOLV…".
 */
export function StatusBadge({
  color,
  children,
}: {
  color: MantineColor | undefined;
  children: ReactNode;
}) {
  return (
    <Badge variant="dot" color={color} styles={{ label: { overflow: 'visible' } }}>
      {children}
    </Badge>
  );
}
