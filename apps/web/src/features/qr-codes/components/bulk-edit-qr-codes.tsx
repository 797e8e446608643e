import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { BulkEditDialog } from '../../../components/bulk-edit-dialog.tsx';
import { bulkEditQrCodes } from '../api/bulk-edit-qr-codes.ts';
import { qrKeys } from '../api/qr-keys.ts';

/** Every code of a book enabled or disabled at once, as a job with Undo (docs/bulk-edits.md). */
export function BulkEditQrCodes({
  bookId,
  total,
  onClose,
}: {
  bookId: number;
  total: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState<'enable' | 'disable'>('disable');
  const onSettled = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: qrKeys.all }),
    [queryClient],
  );
  return (
    <BulkEditDialog
      noun={{ one: 'QR code', many: 'QR codes' }}
      selectedCount={0}
      matchingCount={{ n: total, estimate: false }}
      ready
      onStart={() =>
        bulkEditQrCodes({
          selection: { filter: { bookId: String(bookId) } },
          set: { enabled: enabled === 'enable' },
        })
      }
      onSettled={onSettled}
      onClose={onClose}
    >
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="qr-bulk-enabled">
          Scans of these codes
        </Text>
        <SegmentedControl
          aria-labelledby="qr-bulk-enabled"
          value={enabled}
          onChange={(v) => setEnabled(v as 'enable' | 'disable')}
          data={[
            { value: 'disable', label: 'Disable (a friendly page)' },
            { value: 'enable', label: 'Enable (open the content)' },
          ]}
        />
      </Stack>
    </BulkEditDialog>
  );
}
