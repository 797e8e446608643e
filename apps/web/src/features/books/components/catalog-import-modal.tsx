import type { UploadCatalogResponse } from '@bo/contract';
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
      intro="One row per book: ISBN, Title, Grade, Subject, Series, Edition, Language, Status, Extra ISBNs."
      onTemplate={downloadCatalogTemplate}
      send={(input) => upload.mutateAsync(input)}
      commitLabel={(r) => `Import ${books(r.valid)}`}
      onImported={(r) => {
        notifySuccess(`${books(r.created)} ${r.created === 1 ? 'was' : 'were'} imported.`);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
