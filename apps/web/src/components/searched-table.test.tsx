import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { SearchedTable, useSearchedPages } from './searched-table.tsx';

interface Row {
  id: number;
  title: string;
}
const rows = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, title: `Book ${i + 1}` }));

/** A list of 45 books, 20 a page, searched by title like the server would. */
function Books() {
  const pages = useSearchedPages();
  const found = rows.filter((r) => r.title.includes(pages.search));
  const items = found.slice((pages.page - 1) * 20, pages.page * 20);
  return (
    <SearchedTable<Row>
      pages={pages}
      query={{
        data: { items, total: found.length, page: pages.page, pageSize: 20 },
        isPending: false,
        isError: false,
        error: null,
        refetch: () => {},
      }}
      searchLabel="Search books"
      label="Books"
      errorTitle="Could not load the books"
      emptyText="No book yet."
      noMatchText="No book matches."
      rowKey={(r) => r.id}
      columns={[{ title: 'Book', render: (r) => r.title }]}
    />
  );
}

describe('SearchedTable', () => {
  it('pages the rows, starts a new search at page 1, and says when a search finds nothing', () => {
    renderRoutes([{ path: '/', element: <Books /> }], '/');
    const table = () => screen.getByRole('table', { name: 'Books' });
    expect(table().querySelectorAll('tbody tr')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: /page 3/i }));
    expect(table().querySelectorAll('tbody tr')).toHaveLength(5);
    fireEvent.change(screen.getByLabelText('Search books'), { target: { value: 'Book 1' } });
    // Book 1 and Book 10-19: one page, the first.
    expect(table().querySelectorAll('tbody tr')).toHaveLength(11);
    fireEvent.change(screen.getByLabelText('Search books'), { target: { value: 'Atlas' } });
    expect(screen.getByText('No book matches.')).toBeTruthy();
  });
});
