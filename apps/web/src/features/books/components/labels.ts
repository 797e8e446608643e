import type { BookStatus } from '@bo/contract';
import { BOOK_STATUSES } from '@bo/contract/books';

export const STATUS_LABEL: Record<BookStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  inactive: 'Inactive',
};
export const STATUS_COLOR: Record<BookStatus, string> = {
  draft: 'gray',
  active: 'teal',
  inactive: 'orange',
};
export const statusOptions = BOOK_STATUSES.map((value) => ({ value, label: STATUS_LABEL[value] }));
