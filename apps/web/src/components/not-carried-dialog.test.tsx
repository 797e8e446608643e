import { ErrorCode } from '@bo/contract/error-codes';
import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { type TravelDownload, useTravelExport } from '../lib/use-travel-export.ts';
import { renderRoutes } from '../test/render.tsx';
import { NotCarriedDialog } from './not-carried-dialog.tsx';

const REFUSAL = new ApiError(
  422,
  '1 of the chosen questions is not carried by QuML 1.1 (matching): export without it, or choose other questions',
  ErrorCode.questions_not_carried,
  [
    {
      path: 'question 7',
      message: 'Matching question 7: “Match them” (QuML 1.1 has no matching questions)',
    },
  ],
);

function Screen({ run }: { run: TravelDownload }) {
  const exporting = useTravelExport('Could not export');
  return (
    <>
      <Notifications />
      <button type="button" onClick={() => void exporting.start('Sunbird QuML 1.1', run)}>
        Export
      </button>
      <NotCarriedDialog exporting={exporting} />
    </>
  );
}

const renderScreen = (run: TravelDownload) =>
  renderRoutes([{ path: '/', element: <Screen run={run} /> }], '/');

describe('an export some questions cannot go into', () => {
  it('names them before anything is made, and exports without them when asked', async () => {
    const run = vi.fn<TravelDownload>(async (leaveOut) => {
      if (!leaveOut) throw REFUSAL;
    });
    renderScreen(run);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Some questions cannot go into Sunbird QuML 1.1',
    });
    expect(dialog.textContent).toContain('is not carried by QuML 1.1 (matching)');
    expect(screen.getByText(/^Matching question 7: “Match them”/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export without them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(run.mock.calls).toEqual([[], ['uncarried']]);
  });

  it('keeps the dialog open when the export without them fails, and toasts why', async () => {
    const run = vi.fn<TravelDownload>(async (leaveOut) => {
      if (!leaveOut) throw REFUSAL;
      throw new ApiError(503, 'The database is not answering', ErrorCode.database_unavailable);
    });
    renderScreen(run);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Export without them' }));
    expect(await screen.findByText('The database is not answering')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('toasts any other failure without a dialog', async () => {
    renderScreen(async () => {
      throw new ApiError(404, 'Assessment not found', ErrorCode.not_found);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Assessment not found')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
