import { IconBooks } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const booksArea: Area = {
  label: 'Books',
  path: '/books',
  icon: IconBooks,
  access: 'books',
  description: 'Books by ISBN: create and edit them, their extra ISBNs and status.',
  load: screen(() => import('./routes/books-page.tsx').then((m) => m.BooksPage)),
  // A small chunk of its own, so the read starts before the list's code has arrived.
  prefetch: (prefetch, params, search) =>
    void import('./api/list-books.ts').then((m) => m.prefetchBooks(prefetch, params, search)),
  pages: [
    {
      path: ':id',
      crumb: 'Book',
      load: screen(() => import('./routes/book-page.tsx').then((m) => m.BookPage)),
    },
  ],
};
