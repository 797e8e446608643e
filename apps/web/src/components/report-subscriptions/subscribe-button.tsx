import type { SubscribableReport } from '@bo/contract/report-subscriptions';
import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyDialog } from '../lazy-dialog.tsx';

const SubscriptionDialog = lazyDialog(() =>
  import('./subscription-dialog.tsx').then((m) => m.SubscriptionDialog),
);

/** "Subscribe…" on the dashboard and each report: the report and its filters by e-mail. */
export function SubscribeButton({
  report,
  filters,
}: {
  report: SubscribableReport;
  filters?: Record<string, string>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMailForward size={16} />}
        onClick={() => setOpen(true)}
      >
        Subscribe…
      </Button>
      {open && (
        <SubscriptionDialog report={report} filters={filters} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
