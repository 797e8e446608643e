import type { UploadCatalogResponse } from '@bo/contract';
import { changesCommitLabel, changesDone } from '../../../components/import-changes.tsx';
import { ImportModal } from '../../../components/import-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { downloadCatalogTemplate } from '../api/catalog-template.ts';
import { useUploadCatalog } from '../api/upload-catalog.ts';

const books = (n: number) => `${n} ${n === 1 ? 'book' : 'books'}`;

/** Catalogue import: check the file (dry run, every problem listed), then import all rows or none. */
export function CatalogImportModal({ onClose }: { onClose: () => void }) {
  const upload = useUploadCatalog();
  return (
    <ImportModal<UploadCatalogResponse>
      title="Import books"
      fileLabel="Catalogue file"
      intro="One row per book: ISBN, Title, Grade, Subject, Series, Edition, Language, Status, Extra ISBNs. A row from the books download (with its ID), or with an ISBN a book already has, updates that book; the others create books."
      onTemplate={downloadCatalogTemplate}
      send={(input) => upload.mutateAsync(input)}
      changes={(r) => r}
      commitLabel={(r) => changesCommitLabel(r, books)}
      onImported={(r) => {
        notifySuccess(changesDone(r, books));
        onClose();
      }}
      onClose={onClose}
    />
  );
}
