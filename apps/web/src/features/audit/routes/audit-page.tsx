import { auditListQuery } from '@bo/contract';
import { Alert, Button } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useListParams } from '../../../lib/search-params.ts';
import { useAuditLog } from '../api/list-audit.ts';
import { AuditFilters, hasAuditFilters } from '../components/audit-filters.tsx';
import { AuditTable } from '../components/audit-table.tsx';

/** /audit: every write, newest first; super admins only. */
export function AuditPage() {
  const { values, update } = useListParams(auditListQuery);
  const log = useAuditLog(values);
  const filtered = hasAuditFilters(values);
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the back-office. Expand an entry to see the record before and after."
      />
      <AuditFilters values={values} onChange={update} />
      {log.isError ? (
        <Alert color="red" title="Could not load the audit log">
          {errorMessage(log.error)}
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => log.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <AuditTable
          records={log.data?.items}
          total={log.data?.total}
          page={values.page}
          pageSize={values.pageSize}
          fetching={log.isFetching}
          filtered={filtered}
          onPage={(page) => update({ page })}
          onPageSize={(pageSize) => update({ pageSize })}
        />
      )}
    </>
  );
}
