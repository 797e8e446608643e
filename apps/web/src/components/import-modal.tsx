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
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { saveBlob } from '../lib/download.ts';
import { notifyError } from '../lib/notify.ts';
import { problemSheet } from '../lib/problem-sheet.ts';
import type { ImportUploadInput } from '../lib/upload-with-progress.ts';

/** What every XLSX import answers (the contract's import report). */
export type ImportReportLike = Pick<ImportReport, 'rows' | 'valid' | 'errors' | 'jobId'>;

/** Uploads (and, for a job, follows to its end) one check or import of the file. */
export type SendImport<R> = (input: ImportUploadInput) => Promise<R>;

const SHOWN_ERRORS = 200;

/** A note on a row that does not stop the import (a near duplicate). */
export interface ImportWarning {
  row: number;
  message: string;
}

/** The problems and warnings of a checked file as an XLSX beside it ("books problems.xlsx"). */
function downloadProblems(
  file: File | null,
  errors: ImportReportLike['errors'],
  warnings: ImportWarning[],
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
    ],
  );
  saveBlob(blob, `${base} problems.xlsx`);
}

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
  accept = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  filePlaceholder = 'Choose an .xlsx file',
  warnings,
  sendValid,
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
  /** The file types offered by the picker (an XLSX by default). */
  accept?: string;
  filePlaceholder?: string;
  /** Rows that will be imported but deserve a look, listed under the problems. */
  warnings?: (report: R) => ImportWarning[];
  /**
   * Offered after a check with problems: imports only the valid rows (the
   * import hands the refused ones back itself). All or nothing otherwise.
   */
  sendValid?: SendImport<R>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const [phase, setPhase] = useState<'idle' | 'checking' | 'importing'>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<unknown>(null);
  // A large file is imported by a job on the server: what it says it is doing.
  const [jobMessage, setJobMessage] = useState<string | null>(null);
  const [jobProgress, setJobProgress] = useState<number | null>(null);
  // A newer pick makes an older check's answer stale.
  const attempt = useRef(0);

  const run = async (f: File, dryRun: boolean, validOnly = false) => {
    const mine = ++attempt.current;
    setPhase(dryRun ? 'checking' : 'importing');
    setProgress(0);
    setError(null);
    setJobMessage(null);
    setJobProgress(null);
    try {
      const answer = await (validOnly && sendValid ? sendValid : send)({
        file: f,
        dryRun,
        onProgress: (p) => mine === attempt.current && setProgress(p),
        // A large file is imported by a job: its own progress replaces the upload's.
        onJob: (job) => {
          setJobMessage(`${job.message ?? 'Waiting for the import to start…'} (${job.progress}%)`);
          setJobProgress(job.progress);
        },
        isStale: () => mine !== attempt.current,
      });
      if (mine !== attempt.current) return;
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
  const notes = report && warnings ? warnings(report) : [];
  const partly = sendValid && report && !clean && report.valid > 0;

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="xl"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <Stack gap="md">
        <Text fz="sm">
          {intro}{' '}
          <Anchor component="button" type="button" fz="sm" onClick={template}>
            Download the template
          </Anchor>
          . The file is checked first; nothing is imported until every row is valid
          {sendValid ? ', unless you choose to import only the valid ones' : ''}.
        </Text>
        <FileInput
          label={fileLabel}
          placeholder={filePlaceholder}
          accept={accept}
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={pick}
          disabled={phase === 'importing'}
          clearable
        />
        {busy && (
          <Stack gap={4}>
            <Progress
              // The upload's share, then (for a file imported by a job) the job's own.
              value={jobProgress ?? progress * 100}
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
        {report && (report.errors.length > 0 || notes.length > 0) && (
          <Group justify="flex-end">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} />}
              onClick={() => downloadProblems(file, report.errors, notes)}
            >
              Download the problems (XLSX)
            </Button>
          </Group>
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
        {notes.length > 0 && (
          <Table striped withTableBorder aria-label="Warnings (imported anyway)">
            <Table.Caption>Warnings: these rows are imported anyway</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Warning</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notes.slice(0, SHOWN_ERRORS).map((w) => (
                <Table.Tr key={`${w.row}:${w.message}`}>
                  <Table.Td>{w.row}</Table.Td>
                  <Table.Td>{w.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={phase === 'importing'}>
            Cancel
          </Button>
          {partly && (
            <Button
              variant="light"
              disabled={phase === 'checking'}
              loading={phase === 'importing'}
              onClick={() => file && run(file, false, true)}
            >
              {report.valid === 1
                ? 'Import the 1 valid one'
                : `Import the ${report.valid} valid ones`}
            </Button>
          )}
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
