import { bookRoutes } from '@bo/contract/books';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/bookcatalogtemplate: the import's headers with one example row. */
export const downloadCatalogTemplate = () =>
  downloadFile(bookRoutes.catalogTemplate, {}, 'Book catalogue template.xlsx');
