import type { QuestionImportResponse } from '@bo/contract/questions-routes';
import { changesCommitLabel, changesDone } from '../../../components/import-changes.tsx';
import { ImportModal } from '../../../components/import-modal.tsx';
import { saveBlob } from '../../../lib/download.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useImportQuestions } from '../api/question-import.ts';
import { downloadQuestionTemplate } from '../api/question-import-template.ts';
import { questionsCount } from './list-labels.ts';

/** What the picker offers: the formats the import reads (the server tells them apart by content). */
const ACCEPT = [
  '.xlsx',
  '.zip',
  '.xml',
  '.gift',
  '.txt',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/zip',
  'application/xml',
  'text/xml',
  'text/plain',
].join(',');

/**
 * Question import: a spreadsheet (or a ZIP of one with its images), Moodle
 * XML, GIFT, Aiken, or QTI 3.0 / 2.1 (a package ZIP or one item's XML). Picking the file checks it (dry run: every problem as
 * row, column, sentence, downloadable as XLSX; near duplicates as warnings);
 * Import then brings in every question or none, with progress when the
 * server runs it as a job.
 */
export function ImportQuestionsModal({ onClose }: { onClose: () => void }) {
  const upload = useImportQuestions();
  return (
    <ImportModal<QuestionImportResponse>
      title="Import questions"
      fileLabel="Questions file"
      filePlaceholder="Choose an .xlsx, .zip, Moodle or QTI .xml, GIFT or Aiken .txt file"
      accept={ACCEPT}
      intro="A spreadsheet with one row per question (or a .zip of it with the images its cells name), a Moodle XML export, a GIFT file, an Aiken file, or a QTI 3.0 or 2.1 content package (.zip) or item (.xml). A row of the question export (with its ID) updates that question."
      onTemplate={downloadQuestionTemplate}
      send={(input) => upload.mutateAsync(input)}
      sendValid={(input) => upload.mutateAsync({ ...input, validOnly: true })}
      summary={(r) =>
        r.duplicates > 0 ? (
          <span>
            {questionsCount(r.duplicates)} already in the bank (same text, options and key).
          </span>
        ) : null
      }
      warnings={(r) => r.warnings}
      changes={(r) => r}
      commitLabel={(r) => changesCommitLabel(r, questionsCount)}
      onImported={(r) => {
        const imported = changesDone(r, questionsCount);
        const back = r.refusedFile;
        // Skipped questions (a type the bank lacks) are warnings, not in the file.
        const refused = new Set(r.errors.map((e) => e.row)).size;
        if (back) {
          // The refused questions, in the file's own format with a comment on each, to fix and import again.
          const bytes = Uint8Array.from(atob(back.base64), (c) => c.charCodeAt(0));
          saveBlob(new Blob([bytes], { type: back.contentType }), back.fileName);
        }
        notifySuccess(
          back
            ? `${imported} The ${questionsCount(refused)} refused ${refused === 1 ? 'was' : 'were'} saved as "${back.fileName}", each with what to fix.`
            : imported,
        );
        onClose();
      }}
      onClose={onClose}
    />
  );
}
