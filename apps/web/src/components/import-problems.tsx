import type { ImportChange, ImportError } from '@bo/contract';
import { Button, Group, Table } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { saveBlob } from '../lib/download.ts';
import { problemSheet } from '../lib/problem-sheet.ts';

const SHOWN_ERRORS = 200;

/** A note on a row that does not stop the import (a near duplicate). */
export interface ImportWarning {
  row: number;
  message: string;
}

/**
 * The problems, warnings and changes of a checked file as an XLSX beside it
 * ("books problems.xlsx"): one row each, told apart by Kind.
 */
function downloadProblems(
  file: File | null,
  errors: ImportError[],
  warnings: ImportWarning[],
  changes: ImportChange[],
) {
  const base = (file?.name ?? 'import').replace(/\.[^.]+$/, '');
  const blob = problemSheet(
    'Problems',
    [
      { header: 'Row', width: 8 },
      { header: 'Column', width: 22 },
      { header: 'Problem', width: 90 },
      { header: 'Kind', width: 10 },
    ],
    [
      ...errors.map((e) => [e.row, e.column, e.message, 'Error']),
      ...warnings.map((w) => [w.row, '', w.message, 'Warning']),
      ...changes.map((c) => [
        c.row,
        c.column,
        `${c.from || '(blank)'} → ${c.to || '(blank)'}`,
        'Change',
      ]),
    ],
  );
  saveBlob(blob, `${base} problems.xlsx`);
}

/**
 * A checked file's problems (every one as row, column, message; the first
 * {SHOWN_ERRORS} shown) and its warnings, with the whole list as a workbook.
 */
export function ImportProblems({
  file,
  errors,
  warnings,
  changes = [],
}: {
  file: File | null;
  errors: ImportError[];
  warnings: ImportWarning[];
  /** An import that updates: every cell it changes, in the sheet too. */
  changes?: ImportChange[];
}) {
  return (
    <>
      {(errors.length > 0 || warnings.length > 0 || changes.length > 0) && (
        <Group justify="flex-end">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={() => downloadProblems(file, errors, warnings, changes)}
          >
            {changes.length > 0 && errors.length === 0
              ? 'Download the changes (XLSX)'
              : 'Download the problems (XLSX)'}
          </Button>
        </Group>
      )}
      {errors.length > 0 && (
        <Table striped withTableBorder aria-label="Problems in the file">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.slice(0, SHOWN_ERRORS).map((e) => (
              <Table.Tr key={`${e.row}:${e.column}:${e.message}`}>
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>{e.column}</Table.Td>
                <Table.Td>{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          {errors.length > SHOWN_ERRORS && (
            <Table.Caption>
              and {errors.length - SHOWN_ERRORS} more problems not shown
            </Table.Caption>
          )}
        </Table>
      )}
      {warnings.length > 0 && (
        <Table striped withTableBorder aria-label="Warnings (imported anyway)">
          <Table.Caption>Warnings: these rows are imported anyway</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Warning</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {warnings.slice(0, SHOWN_ERRORS).map((w) => (
              <Table.Tr key={`${w.row}:${w.message}`}>
                <Table.Td>{w.row}</Table.Td>
                <Table.Td>{w.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
