import { tocRoutes } from '@bo/contract/toc-routes';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/downloadtoc: the book's TOC as XLSX, saved under the server's file name. */
export const downloadToc = (bookId: number) =>
  downloadFile(tocRoutes.downloadToc, { query: { bookId } }, 'toc.xlsx');

/** GET /book/toctemplate: the upload's layout with a few example rows. */
export const downloadTocTemplate = () =>
  downloadFile(tocRoutes.tocTemplate, {}, 'toc-template.xlsx');
