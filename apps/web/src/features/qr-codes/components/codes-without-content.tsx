import type { QrCode } from '@bo/contract';
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Pager } from '../../../components/pager.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useCodesWithoutContent } from '../api/list-codes-without-content.ts';
import { QrCodesTable } from './qr-codes-table.tsx';
import { RetargetModal } from './retarget-modal.tsx';
import { DisableCodeDialog, useToggleCode } from './toggle-code.tsx';

/** Enabled codes a scan would find empty: spare codes and targets without content. */
export function CodesWithoutContent() {
  const [page, setPage] = useState(1);
  const list = useCodesWithoutContent(page);
  const { enable } = useToggleCode();
  const [dialog, setDialog] = useState<{ kind: 'retarget' | 'disable'; code: QrCode } | null>(null);
  if (list.isPending) return <Skeleton h={200} />;
  if (list.isError)
    return (
      <Alert color="red" title="Could not load the codes">
        {errorMessage(list.error)}
      </Alert>
    );
  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        Scanning these shows “not ready yet”: add content to the target or point the code elsewhere.
      </Text>
      <QrCodesTable
        codes={list.data.items}
        caption="Codes without content"
        onRetarget={(code) => setDialog({ kind: 'retarget', code })}
        onToggle={(code) => (code.enabled ? setDialog({ kind: 'disable', code }) : enable(code))}
      />
      <Pager {...list.data} onChange={setPage} />
      {dialog?.kind === 'retarget' && (
        <RetargetModal code={dialog.code} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'disable' && (
        <DisableCodeDialog code={dialog.code} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
