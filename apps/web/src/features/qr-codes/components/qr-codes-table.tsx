import type { QrCode } from '@bo/contract';
import { Badge, Button, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { SidewaysScroll } from '../../../components/sideways-scroll.tsx';
import { StatusBadge, WHOLE_LABEL } from '../../../components/status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';

const KIND_LABEL = { book: 'Book', toc_node: 'TOC node', video: 'Video' } as const;

/**
 * Codes with the book they are printed in (title, ISBN), their target (the
 * TOC path), content, status, scans and last scan: a code that leads nowhere
 * can be traced to its page. Each row offers retarget and disable/enable;
 * with `selection`, rows can be picked for a bulk edit.
 */
export function QrCodesTable({
  codes,
  caption,
  onRetarget,
  onToggle,
  selection,
}: {
  codes: QrCode[];
  caption: string;
  onRetarget: (code: QrCode) => void;
  onToggle: (code: QrCode) => void;
  selection?: { selected: QrCode[]; onChange: (codes: QrCode[]) => void };
}) {
  if (!codes.length) return <Text c="dimmed">No codes yet.</Text>;
  const picked = new Set(selection?.selected.map((c) => c.id));
  const allPicked = codes.every((c) => picked.has(c.id));
  const toggle = (code: QrCode) =>
    selection?.onChange(
      picked.has(code.id)
        ? selection.selected.filter((c) => c.id !== code.id)
        : [...selection.selected, code],
    );
  return (
    <SidewaysScroll label={caption} minWidth={960}>
      <Table striped highlightOnHover aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all codes on this page"
                  checked={allPicked}
                  indeterminate={!allPicked && picked.size > 0}
                  onChange={() => selection.onChange(allPicked ? [] : codes)}
                />
              </Table.Th>
            )}
            <Table.Th>Code</Table.Th>
            <Table.Th>Book</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Content</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Scans</Table.Th>
            <Table.Th>Last scan</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {codes.map((c) => (
            <Table.Tr key={c.id} data-testid={`qr-row-${c.code}`}>
              {selection && (
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${c.code}`}
                    checked={picked.has(c.id)}
                    onChange={() => toggle(c)}
                  />
                </Table.Td>
              )}
              <Table.Td ff="monospace" fw={600}>
                {c.code}
              </Table.Td>
              <Table.Td>
                {c.bookTitle ? (
                  <Text fz="sm">
                    {c.bookTitle}
                    <Text span display="block" c="dimmed" fz="xs">
                      ISBN {c.bookIsbn}
                    </Text>
                  </Text>
                ) : (
                  <Text fz="sm" c="dimmed">
                    Video code
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {c.targetKind ? (
                  <Text fz="sm">
                    <Text span c="dimmed" fz="xs">
                      {KIND_LABEL[c.targetKind]}:{' '}
                    </Text>
                    {c.targetLabel ?? 'deleted'}
                  </Text>
                ) : (
                  <Text fz="sm" c="dimmed">
                    Spare (not assigned)
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {c.hasContent ? (
                  <Badge color="teal" variant="light" styles={WHOLE_LABEL}>
                    Ready
                  </Badge>
                ) : (
                  <Badge color="orange" variant="light" styles={WHOLE_LABEL}>
                    No content
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {c.enabled ? (
                  <StatusBadge color="teal">Enabled</StatusBadge>
                ) : (
                  <StatusBadge color="gray">Disabled</StatusBadge>
                )}
              </Table.Td>
              <Table.Td ta="right">{c.scans}</Table.Td>
              <Table.Td fz="sm">{c.lastScanAt ? formatDateTime(c.lastScanAt) : 'Never'}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onRetarget(c)}
                    aria-label={`Retarget ${c.code}`}
                  >
                    Retarget
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color={c.enabled ? 'red' : 'teal'}
                    onClick={() => onToggle(c)}
                    aria-label={`${c.enabled ? 'Disable' : 'Enable'} ${c.code}`}
                  >
                    {c.enabled ? 'Disable' : 'Enable'}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SidewaysScroll>
  );
}
