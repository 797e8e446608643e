import type { ImportChange } from '@bo/contract';
import { Table, Text } from '@mantine/core';

const SHOWN_CHANGES = 200;

/** The import button of an import that updates: "Import 2 books", "Update 3 books" or "Import 2 new, update 3". */
export function changesCommitLabel(
  r: { created: number; updated: number },
  count: (n: number) => string,
) {
  if (r.updated === 0) return `Import ${count(r.created)}`;
  if (r.created === 0) return `Update ${count(r.updated)}`;
  return `Import ${r.created} new, update ${r.updated}`;
}

/** After such an import: "2 books were imported and 3 updated." */
export function changesDone(r: { created: number; updated: number }, count: (n: number) => string) {
  const were = (n: number) => (n === 1 ? 'was' : 'were');
  if (r.updated === 0)
    return r.created ? `${count(r.created)} ${were(r.created)} imported.` : 'Nothing changed.';
  if (r.created === 0) return `${count(r.updated)} ${were(r.updated)} updated.`;
  return `${count(r.created)} ${were(r.created)} imported and ${r.updated} updated.`;
}

/** What an import that updates would do, in one line: "2 new · 3 updated · 40 unchanged · 1 with problems". */
export function changeCountsLine(
  r: { created: number; updated: number; unchanged: number },
  problemRows: number,
) {
  const parts = [`${r.created} new`, `${r.updated} updated`, `${r.unchanged} unchanged`];
  if (problemRows > 0) parts.push(`${problemRows} with problems`);
  return parts.join(' · ');
}

/**
 * Every cell an import would change, as row, column, from → to (the first
 * {SHOWN_CHANGES} shown; the downloadable sheet holds them all).
 */
export function ImportChangesTable({
  changes,
  unlisted = 0,
}: {
  changes: ImportChange[];
  /** Changed cells past those the server lists. */
  unlisted?: number;
}) {
  if (changes.length === 0) return null;
  const total = changes.length + unlisted;
  return (
    <Table striped withTableBorder aria-label="Changes the import makes">
      <Table.Caption>
        {total > SHOWN_CHANGES
          ? `Changes: the first ${SHOWN_CHANGES} of ${total.toLocaleString('en-US')} are shown${unlisted ? `; the sheet lists ${changes.length.toLocaleString('en-US')}` : ''}`
          : 'Changes to what is stored'}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Row</Table.Th>
          <Table.Th>Column</Table.Th>
          <Table.Th>From</Table.Th>
          <Table.Th>To</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.slice(0, SHOWN_CHANGES).map((c) => (
          <Table.Tr key={`${c.row}:${c.column}`}>
            <Table.Td>{c.row}</Table.Td>
            <Table.Td>{c.column}</Table.Td>
            <Table.Td>{c.from === '' ? <Text c="dimmed">(blank)</Text> : c.from}</Table.Td>
            <Table.Td>{c.to === '' ? <Text c="dimmed">(blank)</Text> : c.to}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
