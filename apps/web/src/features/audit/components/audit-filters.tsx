import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDebouncedValue } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useActors } from '../api/list-actors.ts';
import { dayOf, instantOf } from './date-range.ts';

type Filters = {
  actorId?: number;
  action?: string;
  entity?: string;
  from?: string;
  to?: string;
};
type Patch = { [K in keyof Filters]?: string | number | undefined };

export const hasAuditFilters = (v: Filters) =>
  Boolean(v.actorId || v.action || v.entity || v.from || v.to);

/** Actor, action, entity and a date range; all kept in the URL by the page. */
export function AuditFilters({
  values,
  onChange,
}: {
  values: Filters;
  onChange: (patch: Patch, options?: { replace?: boolean }) => void;
}) {
  const filtered = hasAuditFilters(values);
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <ActorSelect value={values.actorId} onChange={(actorId) => onChange({ actorId })} />
      <TextFilter
        label="Action"
        placeholder="e.g. admin_created"
        value={values.action}
        onChange={(action) => onChange({ action }, { replace: true })}
      />
      <TextFilter
        label="Entity"
        placeholder="e.g. admin"
        value={values.entity}
        onChange={(entity) => onChange({ entity }, { replace: true })}
      />
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
      {filtered && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} />}
          onClick={() =>
            onChange({ actorId: undefined, action: '', entity: '', from: undefined, to: undefined })
          }
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}

/** A free-text exact-match filter that updates the URL once typing pauses. */
function TextFilter({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const push = useDebouncedCallback((v: string) => onChange(v.trim()), 400);
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        push(e.currentTarget.value);
      }}
      w={180}
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
