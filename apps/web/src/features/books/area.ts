import { IconBooks } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const booksArea: Area = {
  label: 'Books',
  path: '/books',
  icon: IconBooks,
  access: 'books',
  description: 'Books by ISBN: create and edit them, their extra ISBNs and status.',
  load: screen(() => import('./routes/books-page.tsx').then((m) => m.BooksPage)),
  pages: [
    {
      path: ':id',
      crumb: 'Book',
      load: screen(() => import('./routes/book-page.tsx').then((m) => m.BookPage)),
    },
  ],
};
