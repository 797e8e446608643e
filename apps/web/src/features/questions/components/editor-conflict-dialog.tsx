import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Said when a save is refused because someone else saved the question meanwhile. */
export function EditorConflictDialog({
  reloading,
  onReload,
  onClose,
}: {
  reloading: boolean;
  onReload: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title="Saved by someone else meanwhile">
      <Stack gap="lg">
        <Text fz="sm">
          This question was changed since you opened it, so your save was refused to keep their
          changes. Reload it to see the newest version (your changes here are lost), or keep editing
          and copy what you need first.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={reloading}>
            Keep editing
          </Button>
          <Button onClick={onReload} loading={reloading}>
            Reload the question
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
