import { BOOK_STATUSES } from '@bo/contract';
import { exportKeyColumns } from '../../lib/import/changes.ts';
import { isbn, isbnList, oneOf, text } from '../../lib/xlsx/columns.ts';
import { defineSheet } from '../../lib/xlsx/sheet.ts';

/** The catalogue sheet: the template, the import's columns and (with ID and Updated at) the books download. */
export const catalogSheet = defineSheet({
  name: 'Book catalogue',
  maxRows: 10_000,
  columns: {
    isbn: isbn('ISBN', { required: true, example: '978-0-306-40615-7' }),
    title: text('Title', { required: true, max: 300, example: 'Numbers Everywhere' }),
    grade: text('Grade', { max: 60, example: 'Class 3' }),
    subject: text('Subject', { max: 120, example: 'Mathematics' }),
    series: text('Series', { max: 120, example: 'Bright Minds' }),
    edition: text('Edition', { max: 60, example: '2nd' }),
    language: text('Language', { max: 40, example: 'English' }),
    status: oneOf('Status', BOOK_STATUSES, { example: 'draft' }),
    extraIsbns: isbnList('Extra ISBNs', { max: 50, example: '0-13-110163-3' }),
    // The export's: a row with them updates that book (books.import-rows.ts).
    ...exportKeyColumns(),
  },
});
export type CatalogColumns = typeof catalogSheet.columns;
