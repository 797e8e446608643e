import { ADMIN_STATUSES, ROLES } from '@bo/contract';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ROLE_LABEL, STATUS_LABEL } from './labels.ts';

type Filters = {
  q?: string;
  status?: string;
  role?: string;
};

const statusOptions = ADMIN_STATUSES.map((value) => ({ value, label: STATUS_LABEL[value] }));
const roleOptions = ROLES.map((value) => ({ value, label: ROLE_LABEL[value] }));

/** Search and filters of the admin list; the values live in the URL (see useListParams). */
export function AdminsFilters({
  values,
  onChange,
}: {
  values: Filters;
  onChange: (patch: Filters, options?: { replace?: boolean }) => void;
}) {
  const [search, setSearch] = useState(values.q ?? '');
  // Typing updates the URL once the user pauses, replacing the entry so Back skips keystrokes.
  const pushSearch = useDebouncedCallback((q: string) => onChange({ q }, { replace: true }), 300);
  useEffect(() => setSearch(values.q ?? ''), [values.q]);

  const filtered = Boolean(values.q || values.status || values.role);
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <TextInput
        aria-label="Search admins"
        placeholder="Search by name or e-mail"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          pushSearch(event.currentTarget.value.trim());
        }}
        w={{ base: '100%', sm: 280 }}
      />
      <Select
        aria-label="Status"
        placeholder="Any status"
        data={statusOptions}
        value={values.status ?? null}
        onChange={(status) => onChange({ status: status ?? undefined })}
        clearable
        w={160}
      />
      <Select
        aria-label="Role"
        placeholder="Any role"
        data={roleOptions}
        value={values.role ?? null}
        onChange={(role) => onChange({ role: role ?? undefined })}
        clearable
        w={160}
      />
      {filtered && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} />}
          onClick={() => {
            pushSearch.cancel();
            onChange({ q: undefined, status: undefined, role: undefined });
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
