import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table wider than a phone's screen scrolls sideways inside the page
 * instead of hiding its last columns. The region is focusable and named, so
 * the keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function SidewaysScroll({
  label,
  minWidth,
  children,
}: {
  /** What the table is; the region says it scrolls. */
  label: string;
  /** The table's width below which it scrolls. */
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`${label} (scrolls sideways)`}
    >
      {children}
    </Table.ScrollContainer>
  );
}
