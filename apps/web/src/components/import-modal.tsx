import type { ImportChange, ImportReport } from '@bo/contract';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { notifyError } from '../lib/notify.ts';
import type { ImportUploadInput } from '../lib/upload-with-progress.ts';
import { changeCountsLine, ImportChangesTable } from './import-changes.tsx';
import { ImportProblems, type ImportWarning } from './import-problems.tsx';

export type { ImportWarning };

/** What every XLSX import answers (the contract's import report). */
export type ImportReportLike = Pick<
  ImportReport,
  'rows' | 'valid' | 'errors' | 'committed' | 'jobId'
>;

/** What an import that updates as well as creates would do (the contract's importChangesShape). */
export interface ImportChangeCounts {
  created: number;
  updated: number;
  unchanged: number;
  changes: ImportChange[];
  unlistedChanges: number;
}

/** Uploads (and, for a job, follows to its end) one check or import of the file. */
export type SendImport<R> = (input: ImportUploadInput) => Promise<R>;

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
  templateLabel = 'Download the template',
  send,
  summary,
  commitLabel,
  onImported,
  onClose,
  accept = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  filePlaceholder = 'Choose an .xlsx file',
  warnings,
  sendValid,
  changes,
}: {
  title: string;
  /** What the sheet holds; a template link follows it. */
  intro: ReactNode;
  fileLabel: string;
  onTemplate: () => Promise<void>;
  /** The link to `onTemplate` (an import of a download links the download itself). */
  templateLabel?: string;
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
  /**
   * An import that updates: its counts and changes, shown as "2 new · 3
   * updated · 40 unchanged" with every changed cell from → to.
   */
  changes?: (report: R) => ImportChangeCounts;
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
      // An import answered but not applied (the file refused as a whole) is
      // a refusal, never a success: its problems stay in the dialog.
      else if (!answer.committed && !answer.jobId) {
        setReport(answer);
        notifyError(
          new Error(`${answer.errors.length} problem(s) in the file; nothing was imported.`),
          'Nothing was imported',
        );
      } else onImported(answer);
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
    onTemplate().catch((e: unknown) => notifyError(e, 'Could not download the file'));
  const busy = phase !== 'idle';
  const counts = (report && changes?.(report)) ?? null;
  // A file that matches what is stored (a list's own export) has nothing to import.
  const idle = counts !== null && counts.created + counts.updated === 0;
  const clean = report !== null && report.errors.length === 0 && report.valid > 0 && !idle;
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
            {templateLabel}
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
            color={clean ? 'teal' : idle ? 'gray' : 'orange'}
            title={`${report.valid} of ${report.rows} rows ready`}
          >
            <Stack gap={4}>
              {counts && (
                <Text fz="sm" fw={500}>
                  {changeCountsLine(counts, report.rows - report.valid)}
                </Text>
              )}
              <Text fz="sm">
                {report.errors.length > 0
                  ? `${report.errors.length} problem(s) to fix in the file before importing.`
                  : idle
                    ? 'Nothing would change: every row is as stored.'
                    : 'Every row is valid.'}
              </Text>
              {summary?.(report)}
            </Stack>
          </Alert>
        )}
        {report && (
          <ImportProblems
            file={file}
            errors={report.errors}
            warnings={notes}
            changes={counts?.changes}
          />
        )}
        {counts && (
          <ImportChangesTable changes={counts.changes} unlisted={counts.unlistedChanges} />
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
            {report ? (idle ? 'Nothing to import' : commitLabel(report)) : 'Import'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
