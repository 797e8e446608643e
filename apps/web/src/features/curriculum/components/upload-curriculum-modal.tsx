import type { UploadCurriculumResponse } from '@bo/contract';
import { CURRICULUM_SHEET_HEADERS } from '@bo/contract/curriculum';
import { Text } from '@mantine/core';
import { ImportModal } from '../../../components/import-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { downloadCurriculumTemplate } from '../api/curriculum-template.ts';
import { useUploadCurriculum } from '../api/upload-curriculum.ts';

type Counts = UploadCurriculumResponse['created'];

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
export const describeCounts = (c: Counts) =>
  [count(c.subjects, 'subject'), count(c.chapters, 'chapter'), count(c.topics, 'topic')].join(', ');

/** Subjects, chapters and topics from one sheet: check, read the report, then import. */
export function UploadCurriculumModal({ onClose }: { onClose: () => void }) {
  const upload = useUploadCurriculum();
  return (
    <ImportModal<UploadCurriculumResponse>
      title="Upload subjects, chapters and topics"
      fileLabel="Curriculum file"
      intro={
        <>
          One row per topic with the columns {CURRICULUM_SHEET_HEADERS.join(', ')}; leave the lower
          columns blank to add just a subject or a chapter. Names already there are matched, new
          ones are added at the end.
        </>
      }
      onTemplate={downloadCurriculumTemplate}
      send={(input) => upload.mutateAsync(input)}
      summary={(r) => (
        <>
          <Text fz="sm" data-testid="import-would-create">
            {r.committed ? 'Created' : 'Would create'}: {describeCounts(r.created)}.
          </Text>
          {r.existing.subjects + r.existing.chapters + r.existing.topics > 0 && (
            <Text fz="sm" c="dimmed">
              Already there (left as they are): {describeCounts(r.existing)}.
            </Text>
          )}
        </>
      )}
      commitLabel={() => 'Import'}
      onImported={(r) => {
        notifySuccess(`Created ${describeCounts(r.created)}.`, 'Curriculum imported');
        onClose();
      }}
      onClose={onClose}
    />
  );
}
