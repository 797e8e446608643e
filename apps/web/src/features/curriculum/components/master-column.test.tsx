import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { MasterColumn } from './master-column.tsx';

const items = [
  { id: 1, name: 'Numbers' },
  { id: 2, name: 'Shapes' },
  { id: 3, name: 'Measures' },
];
const names = () =>
  within(screen.getByRole('list', { name: 'Chapters' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

function show(onReorder: (ids: number[]) => Promise<unknown>) {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <Notifications />
            <MasterColumn
              title="Chapters"
              noun="chapter"
              items={items}
              loading={false}
              error={null}
              onReorder={onReorder}
              onRename={async () => {}}
              onDelete={() => {}}
            />
          </>
        ),
      },
    ],
    '/',
  );
}

async function moveUp(name: string) {
  fireEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Move up' }));
}

describe('MasterColumn reorder', () => {
  it('shows the new order at once and sends every id in it', async () => {
    let settle: () => void = () => {};
    const onReorder = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    show(onReorder);
    expect(screen.getByRole('button', { name: 'Drag Shapes' })).toBeTruthy();
    await moveUp('Shapes');
    expect(onReorder).toHaveBeenCalledWith([2, 1, 3]);
    expect(names()).toEqual(['Shapes', 'Numbers', 'Measures']);
    settle();
  });

  it('rolls back to the server order with a toast when the save fails', async () => {
    let fail: (e: Error) => void = () => {};
    show(() => new Promise((_, reject) => (fail = reject)));
    await moveUp('Measures');
    expect(names()).toEqual(['Numbers', 'Measures', 'Shapes']);
    fail(new Error('The chapters of this subject have changed'));
    await waitFor(() => expect(names()).toEqual(['Numbers', 'Shapes', 'Measures']));
    await screen.findByText('Could not move Measures');
  });
});
