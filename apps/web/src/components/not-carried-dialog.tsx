import { List, Stack, Text } from '@mantine/core';
import type { TravelExport } from '../lib/use-travel-export.ts';
import { ConfirmModal } from './confirm-modal.tsx';

/**
 * Asked before a QTI or QuML export is made when some chosen questions are
 * of a kind the format does not carry (`useTravelExport`'s `notCarried`;
 * nothing otherwise): names each one, and offers the export without them
 * (the file then says which were left out).
 */
export function NotCarriedDialog({ exporting }: { exporting: TravelExport }) {
  const { notCarried } = exporting;
  if (!notCarried) return null;
  return (
    <ConfirmModal
      title={`Some questions cannot go into ${notCarried.format}`}
      confirmLabel="Export without them"
      color="blue"
      loading={exporting.busy}
      onConfirm={() => void exporting.exportWithoutThem()}
      onClose={exporting.dismiss}
    >
      <Stack gap="sm">
        <Text fz="sm">{notCarried.message}.</Text>
        <List size="sm" spacing={4} aria-label="Questions the format does not carry">
          {notCarried.questions.map((q) => (
            <List.Item key={q}>{q}</List.Item>
          ))}
        </List>
        <Text fz="sm" c="dimmed">
          Exported without them, the file lists what was left out.
        </Text>
      </Stack>
    </ConfirmModal>
  );
}
