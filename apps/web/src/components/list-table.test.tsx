import { listQuery } from '@bo/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useListParams } from '../lib/search-params.ts';
import { renderRoutes } from '../test/render.tsx';
import { ListTable, type ListTableQuery } from './list-table.tsx';

type Row = { id: number; name: string };
const schema = listQuery(['name', 'createdAt']);
const rows = (n: number, from = 1): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, name: `Row ${from + i}` }));

function Screen({
  query,
  selectable = false,
  filtered = false,
  onRowClick,
}: {
  query: Partial<ListTableQuery<Row>>;
  selectable?: boolean;
  filtered?: boolean;
  onRowClick?: (row: Row) => void;
}) {
  const params = useListParams(schema);
  const [selected, setSelected] = useState<Row[]>([]);
  return (
    <ListTable<Row>
      params={params}
      query={{
        data: undefined,
        isFetching: false,
        isError: false,
        error: null,
        refetch: () => {},
        ...query,
      }}
      list={null}
      noun="Rows"
      filtered={filtered}
      defaultSort="createdAt"
      rowTestId={(row) => `row-${row.id}`}
      onRowClick={onRowClick}
      selection={
        selectable
          ? {
              selected,
              onChange: setSelected,
              allLabel: 'Select all',
              rowLabel: (r) => `Select ${r.name}`,
            }
          : undefined
      }
      columns={[{ accessor: 'name', title: 'Name', sortable: true }]}
    />
  );
}

const render = (
  url: string,
  query: Partial<ListTableQuery<Row>>,
  props: Omit<Parameters<typeof Screen>[0], 'query'> = {},
) => renderRoutes([{ path: '/list', element: <Screen query={query} {...props} /> }], url);
const page = (items: Row[], total: number, pageNo = 1, pageSize = 20) => ({
  data: { items, total, page: pageNo, pageSize },
});

// mantine-datatable shows a column while `matchMedia(column.visibleMediaQuery ?? '')` matches;
// the shared jsdom stub matches nothing, which would hide every column.
beforeEach(() => {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...matchMedia(query),
    matches: query === '',
  }));
});

describe('ListTable', () => {
  it('shows the page of rows with test ids and the range, and writes page changes to the URL', async () => {
    const router = render('/list?pageSize=10&q=x', page(rows(10), 25));
    await screen.findByTestId('row-1');
    expect(screen.getAllByTestId(/^row-/)).toHaveLength(10);
    expect(screen.getByText('1–10 of 25')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?pageSize=10&q=x&page=2');
  });

  it('writes the sort to the URL and back to page 1', async () => {
    const router = render('/list?page=2', page(rows(3), 23));
    fireEvent.click(await screen.findByText('Name'));
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({ sort: 'name', order: 'asc' });
  });

  it("shows the server's default order on the default column until a sort is chosen", async () => {
    const router = renderRoutes(
      [
        {
          path: '/list',
          element: <DefaultOrderScreen />,
        },
      ],
      '/list',
    );
    await screen.findByText('Name');
    expect(screen.getByRole('img', { name: /^Sorted descending/ })).toBeTruthy();
    fireEvent.click(screen.getByText('Name'));
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({ sort: 'name', order: 'asc' });
  });

  it('says so in words made from the noun when there are no rows, and offers a retry when the list cannot load', async () => {
    render('/list', page([], 0));
    await screen.findByText('No rows yet');
    render('/list?q=x', page([], 0), { filtered: true });
    await screen.findByText('No rows match');
    const refetch = vi.fn();
    render('/list', { isError: true, error: new Error('boom'), refetch });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the rows')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('steps back to the last page that exists when the current one came back empty', async () => {
    const router = render('/list?page=4&pageSize=10', page([], 25, 4, 10));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?page=3&pageSize=10'));
  });

  it('under an estimated total, where the last page is unknown, steps back to the first', async () => {
    const estimated = { data: { ...page([], 500, 7, 10).data, totalIsEstimate: true } };
    const router = render('/list?page=7&pageSize=10', estimated);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?page=1&pageSize=10'));
  });

  it('labels selection checkboxes and reports row clicks', async () => {
    const onRowClick = vi.fn();
    render('/list', page(rows(2), 2), { selectable: true, onRowClick });
    const box = await screen.findByRole('checkbox', { name: 'Select Row 2' });
    fireEvent.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeTruthy();
    fireEvent.click(screen.getByText('Row 1'));
    expect(onRowClick).toHaveBeenCalledWith({ id: 1, name: 'Row 1' });
  });
});

/** A list whose server sorts by name, highest first, when no sort is asked for. */
function DefaultOrderScreen() {
  const params = useListParams(schema);
  return (
    <ListTable<Row>
      params={params}
      query={{
        ...page(rows(3), 3),
        isFetching: false,
        isError: false,
        error: null,
        refetch: () => {},
      }}
      list={null}
      noun="Rows"
      errorTitle="Could not load the rows"
      emptyText="No rows yet"
      defaultSort="name"
      defaultOrder="desc"
      columns={[{ accessor: 'name', title: 'Name', sortable: true }]}
    />
  );
}
