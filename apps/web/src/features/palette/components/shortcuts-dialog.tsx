import { Group, Kbd, Modal, Table } from '@mantine/core';
import { modKey, SHORTCUTS } from '../lib/keys.ts';

/** The keyboard shortcuts of the signed-in screens, opened with "?". */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="lg">
      <Table verticalSpacing="xs" data-testid="shortcuts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Keys</Table.Th>
            <Table.Th scope="col">What they do</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUTS(modKey()).map((s) => (
            <Table.Tr key={s.what}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {s.keys.map((k) => (
                    <Kbd key={k}>{k}</Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{s.what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
