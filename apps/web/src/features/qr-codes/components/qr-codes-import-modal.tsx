import type { UploadQrCodesResponse } from '@bo/contract';
import { changesCommitLabel, changesDone } from '../../../components/import-changes.tsx';
import { ImportModal } from '../../../components/import-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { downloadBookQrCodes } from '../api/download-qr-codes.ts';
import { useUploadQrCodes } from '../api/upload-qr-codes.ts';

const codes = (n: number) => `${n} ${n === 1 ? 'code' : 'codes'}`;

/** The book's codes sheet sent back: check it (every change from → to), then apply all rows or none. */
export function QrCodesImportModal({ bookId, onClose }: { bookId: number; onClose: () => void }) {
  const upload = useUploadQrCodes();
  return (
    <ImportModal<UploadQrCodesResponse>
      title="Update codes from XLSX"
      fileLabel="QR codes file"
      intro="One row per code, as the download writes it: Target (book, node or video) and Target ID say where the code points, Enabled whether it opens. The printed codes stay the same; new codes are made here, not by the file. A row changed by someone since your download is not applied."
      onTemplate={() => downloadBookQrCodes(bookId)}
      templateLabel="Download this book's codes"
      send={(input) => upload.mutateAsync(input)}
      changes={(r) => r}
      commitLabel={(r) => changesCommitLabel(r, codes)}
      onImported={(r) => {
        notifySuccess(changesDone(r, codes), 'QR codes updated');
        onClose();
      }}
      onClose={onClose}
    />
  );
}
