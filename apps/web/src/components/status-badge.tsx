import { Badge, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/** Badge styles that keep the word whole (for the light badges beside a StatusBadge). */
export const WHOLE_LABEL = { label: { overflow: 'visible' } } as const;

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
    <Badge variant="dot" color={color} styles={WHOLE_LABEL}>
      {children}
    </Badge>
  );
}
