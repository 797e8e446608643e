import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Asks before a destructive action and says what it will touch. Stays open
 * with a spinner while the action runs, so a failure can be read and retried.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  color = 'red',
  loading,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
    >
      <Stack gap="lg">
        <Text fz="sm" component="div">
          {children}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
