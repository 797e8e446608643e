import { routes } from '@bo/contract';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/downloadtoc: the book's TOC as XLSX, saved under the server's file name. */
export const downloadToc = (bookId: number) =>
  downloadFile(routes.downloadToc, { query: { bookId } }, 'toc.xlsx');

/** GET /book/toctemplate: the upload's layout with a few example rows. */
export const downloadTocTemplate = () => downloadFile(routes.tocTemplate, {}, 'toc-template.xlsx');
