import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { changesCommitLabel, changesDone } from './import-changes.tsx';
import { type ImportChangeCounts, ImportModal, type ImportReportLike } from './import-modal.tsx';

type Report = ImportReportLike & ImportChangeCounts;
const count = (n: number) => `${n} ${n === 1 ? 'book' : 'books'}`;

function renderCheck(check: Report) {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <ImportModal<Report>
            title="Import books"
            intro="One book a row."
            fileLabel="Workbook"
            onTemplate={async () => undefined}
            send={vi.fn(async () => check)}
            changes={(r) => r}
            commitLabel={(r) => changesCommitLabel(r, count)}
            onImported={() => undefined}
            onClose={() => undefined}
          />
        ),
      },
    ],
    '/',
  );
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], 'Books.xlsx')] } });
}

const base = { rows: 3, valid: 3, errors: [], committed: false, unlistedChanges: 0 };

describe('an import that updates', () => {
  it('says what it would create, update and leave, and lists each change from → to', async () => {
    renderCheck({
      ...base,
      created: 1,
      updated: 1,
      unchanged: 1,
      changes: [{ row: 3, column: 'Series', from: 'Old', to: '' }],
    });
    await screen.findByText('1 new · 1 updated · 1 unchanged');
    const table = screen.getByRole('table', { name: 'Changes the import makes' });
    expect(table.textContent).toContain('SeriesOld(blank)');
    expect(screen.getByRole('button', { name: 'Import 1 new, update 1' })).toBeTruthy();
  });

  it('a file that changes nothing says so and offers nothing to import', async () => {
    renderCheck({ ...base, created: 0, updated: 0, unchanged: 3, changes: [] });
    await screen.findByText('Nothing would change: every row is as stored.');
    const button = screen.getByRole('button', { name: 'Nothing to import' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('words its button and its outcome by what happens', () => {
    expect(changesCommitLabel({ created: 2, updated: 0 }, count)).toBe('Import 2 books');
    expect(changesCommitLabel({ created: 0, updated: 1 }, count)).toBe('Update 1 book');
    expect(changesDone({ created: 1, updated: 0 }, count)).toBe('1 book was imported.');
    expect(changesDone({ created: 0, updated: 3 }, count)).toBe('3 books were updated.');
    expect(changesDone({ created: 2, updated: 3 }, count)).toBe(
      '2 books were imported and 3 updated.',
    );
  });
});
