import { auditListQuery } from '@bo/contract/audit';
import { PageHeader } from '../../../components/page-header.tsx';
import { useListParams } from '../../../lib/search-params.ts';
import { useAuditLog } from '../api/list-audit.ts';
import { AuditFilters, hasAuditFilters } from '../components/audit-filters.tsx';
import { AuditTable } from '../components/audit-table.tsx';

/** /audit: every write, newest first; super admins only. */
export function AuditPage() {
  const params = useListParams(auditListQuery);
  const log = useAuditLog(params.values);
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the back-office. Expand an entry to see the record before and after."
      />
      <AuditFilters values={params.values} onChange={params.update} />
      <AuditTable params={params} query={log} filtered={hasAuditFilters(params.values)} />
    </>
  );
}
