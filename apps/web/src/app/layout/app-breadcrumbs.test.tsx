import { act, screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePageCrumb } from '../../lib/page-crumb.ts';
import { renderRoutes } from '../../test/render.tsx';
import { AppBreadcrumbs } from './app-breadcrumbs.tsx';

function NamedBook({ title }: { title: string | undefined }) {
  usePageCrumb(title);
  return null;
}

const current = () =>
  screen.getByRole('navigation', { name: 'Breadcrumb' }).querySelector('[aria-current="page"]')
    ?.textContent;

describe('AppBreadcrumbs', () => {
  it("shows the route's word until the screen names what it shows, and only on that screen", async () => {
    const router = renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <AppBreadcrumbs />
              <Outlet />
            </>
          ),
          children: [
            { path: 'books', handle: { crumb: 'Books' }, element: null },
            {
              path: 'books/:id',
              handle: { crumb: 'Book' },
              element: <NamedBook title="Science 1" />,
            },
            {
              path: 'books/:id/raw',
              handle: { crumb: 'Book' },
              element: <NamedBook title={undefined} />,
            },
          ],
        },
      ],
      '/books/1',
    );
    expect(current()).toBe('Science 1');
    await act(() => router.navigate('/books/2/raw'));
    expect(current()).toBe('Book');
    await act(() => router.navigate('/books'));
    expect(current()).toBe('Books');
  });
});
