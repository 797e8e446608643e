import type { ImportError } from '@bo/contract';
import { Notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { ImportModal, type ImportReportLike } from './import-modal.tsx';

const problem: ImportError = { row: 2, column: 'Title', message: 'Title is required' };

/** The dialog over a `send` that answers the check, then the import, as given. */
function renderImport(answers: { check: ImportReportLike; commit: ImportReportLike }) {
  const onImported = vi.fn();
  const send = vi.fn(async ({ dryRun }: { dryRun: boolean }) =>
    dryRun ? answers.check : answers.commit,
  );
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <Notifications />
            <ImportModal<ImportReportLike>
              title="Import books"
              intro="One book a row."
              fileLabel="Workbook"
              onTemplate={async () => undefined}
              send={send}
              commitLabel={(r) => `Import ${r.valid} rows`}
              onImported={onImported}
              onClose={() => undefined}
            />
          </>
        ),
      },
    ],
    '/',
  );
  return { onImported, send };
}

async function pickAndImport() {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], 'books.xlsx')] } });
  fireEvent.click(await screen.findByRole('button', { name: 'Import 1 rows' }));
}

describe('the shared import dialog', () => {
  it('calls an applied import a success', async () => {
    const ok = { rows: 1, valid: 1, errors: [], committed: true };
    const { onImported } = renderImport({ check: { ...ok, committed: false }, commit: ok });
    await pickAndImport();
    await vi.waitFor(() => expect(onImported).toHaveBeenCalledWith(ok));
  });

  it('never calls an import answered but not applied a success: its problems stay, said in red', async () => {
    const { onImported, send } = renderImport({
      check: { rows: 1, valid: 1, errors: [], committed: false },
      commit: { rows: 1, valid: 0, errors: [problem], committed: false },
    });
    await pickAndImport();
    await screen.findByText('Title is required');
    // A toast: Mantine's notifications mount it after their own queue and
    // transition, which on a loaded CI machine took longer than findBy's 1 s.
    expect(await screen.findByText('Nothing was imported', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('0 of 1 rows ready')).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(2);
    expect(onImported).not.toHaveBeenCalled();
  });
});
