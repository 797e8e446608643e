import { ADMIN_STATUSES, ROLES } from '@bo/contract/auth';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { hasFilters, type ListUpdate } from '../../../lib/search-params.ts';
import { ROLE_LABEL, STATUS_LABEL } from './labels.ts';

type Filters = {
  q?: string;
  status?: string;
  role?: string;
};

const statusOptions = ADMIN_STATUSES.map((value) => ({ value, label: STATUS_LABEL[value] }));
const roleOptions = ROLES.map((value) => ({ value, label: ROLE_LABEL[value] }));

export const hasAdminFilters = (values: Filters) => hasFilters(values, ['q', 'status', 'role']);

/** Search and filters of the admin list; the values live in the URL (see useListParams). */
export function AdminsFilters({ values, onChange }: { values: Filters; onChange: ListUpdate }) {
  return (
    <FilterBar
      values={values}
      onChange={onChange}
      search={{ label: 'Search admins', placeholder: 'Search by name or e-mail' }}
      filters={[
        {
          kind: 'select',
          key: 'status',
          label: 'Status',
          placeholder: 'Any status',
          data: statusOptions,
          width: 160,
        },
        {
          kind: 'select',
          key: 'role',
          label: 'Role',
          placeholder: 'Any role',
          data: roleOptions,
          width: 160,
        },
      ]}
    />
  );
}
