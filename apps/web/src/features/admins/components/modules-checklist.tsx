import { Checkbox, SimpleGrid, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useModules } from '../api/list-modules.ts';

/** The module catalogue as checkboxes; a super admin holds them all, so they show checked and locked. */
export function ModulesChecklist({
  value,
  onChange,
  allGranted,
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  allGranted: boolean;
  error?: ReactNode;
}) {
  const modules = useModules();
  return (
    <Checkbox.Group
      label="Modules"
      description={
        allGranted ? 'Super admins hold every module.' : 'The areas this admin may open.'
      }
      value={allGranted ? (modules.data ?? []).map((m) => m.key) : value}
      onChange={onChange}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
        {modules.isPending ? (
          <Skeleton h={120} style={{ gridColumn: '1 / -1' }} />
        ) : (
          (modules.data ?? []).map((m) => (
            <Checkbox key={m.key} value={m.key} label={m.name} disabled={allGranted} />
          ))
        )}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
