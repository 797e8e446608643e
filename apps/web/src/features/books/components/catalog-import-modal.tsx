import type { UploadCatalogResponse } from '@bo/contract';
import { ImportModal } from '../../../components/import-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { downloadCatalogTemplate } from '../api/catalog-template.ts';
import { useUploadCatalog } from '../api/upload-catalog.ts';

const books = (n: number) => `${n} ${n === 1 ? 'book' : 'books'}`;

/** "Create 2 books, update 3 books": only the parts that happen. */
function outcome(r: UploadCatalogResponse, create: string, update: string) {
  const parts = [
    ...(r.created > 0 ? [`${create} ${books(r.created)}`] : []),
    ...(r.updated > 0 ? [`${r.created > 0 ? update : capital(update)} ${books(r.updated)}`] : []),
  ];
  return parts.length ? parts.join(', ') : `${create} ${books(0)}`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

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
      commitLabel={(r) => outcome(r, 'Create', 'update')}
      onImported={(r) => {
        notifySuccess(`${outcome(r, 'Created', 'updated')}.`);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
