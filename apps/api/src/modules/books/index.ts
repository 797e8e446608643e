// The books module's public face: what other modules may import from it
// (docs/layers.md). Everything else in this folder is its own business.

export { bookBulkEdit } from './books.bulk-edit.ts';
export { bookOfIsbn, bookSearch, lockBookRow, lockIsbns } from './books.queries.ts';
