import { resetDeviceBody } from '@bo/contract/learners';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { NoteModal } from './note-modal.tsx';

const renderModal = (onSubmit: (text: string) => Promise<void>) =>
  renderRoutes(
    [
      {
        path: '/',
        Component: () => (
          <NoteModal
            title="Reset device?"
            intro="Asha will be signed out."
            label="Reason"
            field="reason"
            schema={resetDeviceBody}
            fixed={{ id: 1, bindingId: 2 }}
            confirmLabel="Reset device"
            busy={false}
            onSubmit={onSubmit}
            onClose={() => {}}
          />
        ),
      },
    ],
    '/',
  );

describe('NoteModal (the device reset reason)', () => {
  it('flags an empty reason as Required and a too short one by the contract, then sends it', async () => {
    const onSubmit = vi.fn(async () => {});
    renderModal(onSubmit);
    const button = await screen.findByRole('button', { name: 'Reset device' });
    fireEvent.click(button);
    expect(await screen.findByText('Required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'ok' } });
    fireEvent.click(button);
    expect(await screen.findByText(/at least 3/i)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Lost the phone' } });
    fireEvent.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Lost the phone'));
  });
});
