import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
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

describe('MasterColumn add and rename forms', () => {
  const errorOf = (field: HTMLElement) => {
    if (field.getAttribute('aria-invalid') !== 'true') return null;
    const id = field
      .getAttribute('aria-describedby')
      ?.split(/\s+/)
      .find((i) => i.endsWith('-error'));
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  };

  function showForms(onAdd: (name: string) => Promise<unknown>) {
    const onRename = vi.fn(async () => {});
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <MasterColumn
              title="Topics"
              noun="topic"
              items={items}
              loading={false}
              error={null}
              onAdd={onAdd}
              onRename={onRename}
            />
          ),
        },
      ],
      '/',
    );
    return onRename;
  }

  it('an empty name says Required, a too long one says so in words, a good one is sent trimmed', async () => {
    const onAdd = vi.fn(async () => {});
    showForms(onAdd);
    const field = screen.getByLabelText('New topic');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorOf(field)).toBe('Required'));
    fireEvent.change(field, { target: { value: 'x'.repeat(121) } });
    await waitFor(() => expect(errorOf(field)).toBe('At most 120 characters'));
    fireEvent.change(field, { target: { value: '  Leaves ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith('Leaves'));
  });

  it('a name the server refuses is said on the field', async () => {
    const refusal = new ApiError(
      409,
      'A topic named "Numbers" already exists in this chapter',
      'conflict',
      [{ path: 'body.name', message: 'A topic with this name already exists' }],
    );
    showForms(() => Promise.reject(refusal));
    const field = screen.getByLabelText('New topic');
    fireEvent.change(field, { target: { value: 'Numbers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorOf(field)).toBe('A topic with this name already exists'));
  });

  it('renaming to nothing says Required and sends nothing', async () => {
    const onRename = showForms(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Shapes' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const field = await screen.findByLabelText('New name for Shapes');
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(errorOf(field)).toBe('Required'));
    expect(onRename).not.toHaveBeenCalled();
  });
});
