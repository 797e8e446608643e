import { List, Stack, Text } from '@mantine/core';
import type { NotCarried } from '../lib/use-travel-export.ts';
import { ConfirmModal } from './confirm-modal.tsx';

/**
 * Asked before a QTI or QuML export is made when some chosen questions are
 * of a kind the format does not carry: names each one, and offers the
 * export without them (the file then says which were left out).
 */
export function NotCarriedDialog({
  notCarried,
  busy,
  onExportWithoutThem,
  onClose,
}: {
  notCarried: NotCarried;
  busy: boolean;
  onExportWithoutThem: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmModal
      title={`Some questions cannot go into ${notCarried.format}`}
      confirmLabel="Export without them"
      color="blue"
      loading={busy}
      onConfirm={onExportWithoutThem}
      onClose={onClose}
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
