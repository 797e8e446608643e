import type { UploadCatalogResponse } from '@bo/contract';
import { Alert, Anchor, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { downloadCatalogTemplate } from '../api/catalog-template.ts';
import { useUploadCatalog } from '../api/upload-catalog.ts';

const SHOWN_ERRORS = 200;

/** Catalogue import: check the file (dry run, every problem listed), then import all rows or none. */
export function ImportModal({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<UploadCatalogResponse | null>(null);
  const upload = useUploadCatalog();

  const check = (f: File | null) => {
    setFile(f);
    setReport(null);
    if (f) upload.mutate({ file: f, dryRun: true }, { onSuccess: setReport });
  };
  const commit = () =>
    file &&
    upload.mutate(
      { file, dryRun: false },
      {
        onSuccess: (r) => {
          notifySuccess(`${r.created} ${r.created === 1 ? 'book was' : 'books were'} imported.`);
          onClose();
        },
        onError: (error) => notifyError(error, 'Nothing was imported'),
      },
    );
  const clean = report && report.errors.length === 0 && report.valid > 0;

  return (
    <Modal
      opened
      onClose={onClose}
      title="Import books"
      size="xl"
      closeOnClickOutside={!upload.isPending}
    >
      <Stack gap="md">
        <Text fz="sm">
          One row per book: ISBN, Title, Grade, Subject, Series, Edition, Language, Status, Extra
          ISBNs.{' '}
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => downloadCatalogTemplate()}
          >
            Download the template
          </Anchor>
          . The file is checked first; nothing is imported until every row is valid.
        </Text>
        <FileInput
          label="Catalogue file"
          placeholder="Choose an .xlsx file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={check}
          clearable
        />
        {upload.isPending && !report && <Text fz="sm">Checking the file…</Text>}
        {upload.isError && !report && (
          <Alert color="red" title="The file could not be checked">
            {errorMessage(upload.error)}
          </Alert>
        )}
        {report && (
          <Alert
            color={clean ? 'teal' : 'orange'}
            title={`${report.valid} of ${report.rows} rows ready`}
          >
            {clean
              ? 'Every row is valid.'
              : `${report.errors.length} problem(s) to fix in the file before importing.`}
          </Alert>
        )}
        {report && report.errors.length > 0 && (
          <Table striped withTableBorder aria-label="Problems in the file">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Column</Table.Th>
                <Table.Th>Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.errors.slice(0, SHOWN_ERRORS).map((e) => (
                <Table.Tr key={`${e.row}:${e.column}:${e.message}`}>
                  <Table.Td>{e.row}</Table.Td>
                  <Table.Td>{e.column}</Table.Td>
                  <Table.Td>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button disabled={!clean} loading={upload.isPending && Boolean(report)} onClick={commit}>
            {report ? `Import ${report.valid} ${report.valid === 1 ? 'book' : 'books'}` : 'Import'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
