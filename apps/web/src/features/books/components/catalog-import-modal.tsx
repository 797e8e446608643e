import type { UploadCatalogResponse } from '@bo/contract';
import { ImportModal } from '../../../components/import-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { downloadCatalogTemplate } from '../api/catalog-template.ts';
import { useUploadCatalog } from '../api/upload-catalog.ts';

const books = (n: number) => `${n} ${n === 1 ? 'book' : 'books'}`;

/** The import button: "Import 2 books", "Update 3 books" or "Import 2 new, update 3". */
function commitLabel(r: UploadCatalogResponse) {
  if (r.updated === 0) return `Import ${books(r.created)}`;
  if (r.created === 0) return `Update ${books(r.updated)}`;
  return `Import ${r.created} new, update ${r.updated}`;
}

/** After the import: "2 books created, 3 updated." */
function done(r: UploadCatalogResponse) {
  const parts = [
    ...(r.created > 0 ? [`${books(r.created)} created`] : []),
    ...(r.updated > 0
      ? [r.created > 0 ? `${r.updated} updated` : `${books(r.updated)} updated`]
      : []),
  ];
  return `${parts.join(', ') || 'Nothing changed'}.`;
}

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
      commitLabel={commitLabel}
      onImported={(r) => {
        notifySuccess(done(r));
        onClose();
      }}
      onClose={onClose}
    />
  );
}
