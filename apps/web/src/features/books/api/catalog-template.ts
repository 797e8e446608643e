import { routes } from '@bo/contract';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/bookcatalogtemplate: the import's headers with one example row. */
export const downloadCatalogTemplate = () =>
  downloadFile(routes.catalogTemplate, {}, 'Book catalogue template.xlsx');
