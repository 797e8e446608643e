import type { ImportReport } from '@bo/contract';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { notifyError } from '../lib/notify.ts';
import { followImportJob } from './import-job.ts';

/** What every XLSX import answers (the contract's import report). */
export type ImportReportLike = Pick<ImportReport, 'rows' | 'valid' | 'errors' | 'jobId'>;

export type SendImport<R> = (
  file: File,
  dryRun: boolean,
  onProgress: (fraction: number) => void,
) => Promise<R>;

const SHOWN_ERRORS = 200;

/**
 * An XLSX import in two steps: picking a file uploads it as a dry run (with
 * upload progress) and shows the report — counts and every problem as row,
 * column, message; the import button then sends it again for real, enabled
 * only when every row is valid. Nothing is imported until then.
 */
export function ImportModal<R extends ImportReportLike>({
  title,
  intro,
  fileLabel,
  onTemplate,
  send,
  summary,
  commitLabel,
  onImported,
  onClose,
}: {
  title: string;
  /** What the sheet holds; a template link follows it. */
  intro: ReactNode;
  fileLabel: string;
  onTemplate: () => Promise<void>;
  send: SendImport<R>;
  /** The dry run's counts: what the import would create. */
  summary?: (report: R) => ReactNode;
  commitLabel: (report: R) => string;
  onImported: (report: R) => void;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const [phase, setPhase] = useState<'idle' | 'checking' | 'importing'>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<unknown>(null);
  // A large file is imported by a job on the server: what it says it is doing.
  const [jobMessage, setJobMessage] = useState<string | null>(null);
  // A newer pick makes an older check's answer stale.
  const attempt = useRef(0);

  const run = async (f: File, dryRun: boolean) => {
    const mine = ++attempt.current;
    setPhase(dryRun ? 'checking' : 'importing');
    setProgress(0);
    setError(null);
    setJobMessage(null);
    try {
      let answer = await send(f, dryRun, (p) => mine === attempt.current && setProgress(p));
      if (mine !== attempt.current) return;
      if (answer.jobId) {
        setJobMessage('Waiting for the import to start…');
        answer = await followImportJob<R>(
          answer.jobId,
          (s) =>
            setJobMessage(`${s.message ?? 'Waiting for the import to start…'} (${s.progress}%)`),
          () => mine !== attempt.current,
        );
        if (mine !== attempt.current) return;
      }
      if (dryRun) setReport(answer);
      else onImported(answer);
    } catch (e) {
      if (mine !== attempt.current) return;
      if (dryRun) setError(e);
      else notifyError(e, 'Nothing was imported');
    } finally {
      if (mine === attempt.current) setPhase('idle');
    }
  };

  const pick = (f: File | null) => {
    attempt.current++;
    setFile(f);
    setReport(null);
    setError(null);
    setPhase('idle');
    if (f) void run(f, true);
  };

  const template = () =>
    onTemplate().catch((e: unknown) => notifyError(e, 'Could not download the template'));
  const busy = phase !== 'idle';
  const clean = report !== null && report.errors.length === 0 && report.valid > 0;

  return (
    <Modal opened onClose={onClose} title={title} size="xl" closeOnClickOutside={!busy}>
      <Stack gap="md">
        <Text fz="sm">
          {intro}{' '}
          <Anchor component="button" type="button" fz="sm" onClick={template}>
            Download the template
          </Anchor>
          . The file is checked first; nothing is imported until every row is valid.
        </Text>
        <FileInput
          label={fileLabel}
          placeholder="Choose an .xlsx file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={pick}
          disabled={phase === 'importing'}
          clearable
        />
        {busy && (
          <Stack gap={4}>
            <Progress
              value={progress * 100}
              animated={progress >= 1}
              aria-label={phase === 'checking' ? 'Checking the file' : 'Importing'}
            />
            <Text fz="xs" c="dimmed">
              {progress < 1
                ? `Uploading… ${Math.round(progress * 100)}%`
                : jobMessage
                  ? jobMessage
                  : phase === 'checking'
                    ? 'Checking every row…'
                    : 'Importing…'}
            </Text>
          </Stack>
        )}
        {error !== null && (
          <Alert color="red" title="The file could not be checked">
            {errorMessage(error)}
          </Alert>
        )}
        {report && (
          <Alert
            color={clean ? 'teal' : 'orange'}
            title={`${report.valid} of ${report.rows} rows ready`}
          >
            <Stack gap={4}>
              <Text fz="sm">
                {clean
                  ? 'Every row is valid.'
                  : `${report.errors.length} problem(s) to fix in the file before importing.`}
              </Text>
              {summary?.(report)}
            </Stack>
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
            {report.errors.length > SHOWN_ERRORS && (
              <Table.Caption>
                and {report.errors.length - SHOWN_ERRORS} more problems not shown
              </Table.Caption>
            )}
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={phase === 'importing'}>
            Cancel
          </Button>
          <Button
            disabled={!clean || phase === 'checking'}
            loading={phase === 'importing'}
            onClick={() => file && run(file, false)}
          >
            {report ? commitLabel(report) : 'Import'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
