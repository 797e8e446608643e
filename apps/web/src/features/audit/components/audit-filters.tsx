import type { AuditAction, AuditEntity } from '@bo/contract';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@bo/contract/audit-actions';
import { type ComboboxData, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { hasFilters, type ListUpdate } from '../../../lib/search-params.ts';
import { useActors } from '../api/list-actors.ts';
import { dayOf, instantOf } from './date-range.ts';

type Filters = {
  actorId?: number;
  action?: AuditAction;
  entity?: AuditEntity;
  from?: string;
  to?: string;
};
export const hasAuditFilters = (values: Filters) =>
  hasFilters(values, ['actorId', 'action', 'entity', 'from', 'to']);

const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITIES).map(([value, label]) => ({ value, label }));

/** The contract's actions in words, grouped by what they are about (only that group once chosen). */
function actionOptions(entity: AuditEntity | undefined): ComboboxData {
  return Object.entries(AUDIT_ENTITIES)
    .filter(([key]) => !entity || key === entity)
    .map(([key, group]) => ({
      group,
      items: Object.entries(AUDIT_ACTIONS)
        .filter(([, a]) => a.entity === key)
        .map(([value, a]) => ({ value, label: a.label })),
    }))
    .filter((g) => g.items.length > 0);
}

/** Actor, what it is about, action and a date range; all kept in the URL by the page. */
export function AuditFilters({ values, onChange }: { values: Filters; onChange: ListUpdate }) {
  return (
    <FilterBar
      values={values}
      onChange={onChange}
      withLabels
      filters={[
        {
          kind: 'custom',
          keys: ['actorId'],
          element: (
            <ActorSelect value={values.actorId} onChange={(actorId) => onChange({ actorId })} />
          ),
        },
        {
          kind: 'select',
          key: 'entity',
          label: 'About',
          placeholder: 'Anything',
          data: ENTITY_OPTIONS,
          width: 170,
          searchable: true,
          clears: ['action'],
        },
        {
          kind: 'select',
          key: 'action',
          label: 'Action',
          placeholder: 'Any action',
          data: actionOptions(values.entity),
          width: 280,
          searchable: true,
        },
        {
          kind: 'custom',
          keys: ['from', 'to'],
          element: (
            <>
              <TextInput
                label="From"
                type="date"
                value={dayOf(values.from)}
                max={dayOf(values.to) || undefined}
                onChange={(e) => onChange({ from: instantOf(e.currentTarget.value, 'start') })}
                w={160}
              />
              <TextInput
                label="To"
                type="date"
                value={dayOf(values.to)}
                min={dayOf(values.from) || undefined}
                onChange={(e) => onChange({ to: instantOf(e.currentTarget.value, 'end') })}
                w={160}
              />
            </>
          ),
        },
      ]}
    />
  );
}

/** Admins found by name or e-mail as the user types. */
function ActorSelect({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (actorId: number | undefined) => void;
}) {
  const [search, setSearch] = useState('');
  // The chosen admin's label: once chosen, the search box shows it, and it must not become a query.
  const [chosenLabel, setChosenLabel] = useState<string>();
  const [debounced] = useDebouncedValue(search === chosenLabel ? '' : search, 250);
  const actors = useActors(debounced);
  const options = (actors.data?.items ?? []).map((a) => ({
    value: String(a.id),
    label: `${a.name} (${a.email})`,
  }));
  // A filter from a shared link may name an admin who is not among the current matches.
  if (value !== undefined && !options.some((o) => o.value === String(value))) {
    options.unshift({ value: String(value), label: chosenLabel ?? `Admin #${value}` });
  }
  return (
    <Select
      label="Actor"
      placeholder="Anyone"
      searchable
      clearable
      data={options}
      value={value === undefined ? null : String(value)}
      onChange={(v, option) => {
        setChosenLabel(option?.label);
        onChange(v ? Number(v) : undefined);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={actors.isFetching ? 'Searching…' : 'No admin found'}
      filter={({ options: all }) => all}
      w={240}
    />
  );
}
