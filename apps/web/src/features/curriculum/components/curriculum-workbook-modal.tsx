import type { UploadCurriculumWorkbookResponse } from '@bo/contract';
import { changesCommitLabel, changesDone } from '../../../components/import-changes.tsx';
import { ImportModal } from '../../../components/import-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { downloadCurriculumWorkbook } from '../api/curriculum-workbook.ts';
import { useUploadCurriculumWorkbook } from '../api/upload-curriculum-workbook.ts';

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** The curriculum workbook sent back: check it (every change from → to), then apply all rows or none. */
export function CurriculumWorkbookModal({ onClose }: { onClose: () => void }) {
  const upload = useUploadCurriculumWorkbook();
  return (
    <ImportModal<UploadCurriculumWorkbookResponse>
      title="Update from the curriculum workbook"
      fileLabel="Curriculum workbook"
      intro="The workbook has a sheet per level (Subjects, Chapters, Topics). A row with its ID renames, renumbers or moves that item; a row without one adds it; items left out stay as they are. A row changed by someone since your download is not applied."
      onTemplate={downloadCurriculumWorkbook}
      templateLabel="Download the curriculum workbook"
      send={(input) => upload.mutateAsync(input)}
      changes={(r) => r}
      commitLabel={(r) => changesCommitLabel(r, items)}
      onImported={(r) => {
        notifySuccess(changesDone(r, items), 'Curriculum updated');
        onClose();
      }}
      onClose={onClose}
    />
  );
}
