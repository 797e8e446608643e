import type { QrAddress } from '@bo/contract/qr-address';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { PrintModal } from './print-modal.tsx';

const answering = (address: QrAddress) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/book/qrcodeaddress'
        ? new Response(JSON.stringify(address), {
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{}', { status: 500 }),
    ),
  );

function open() {
  renderRoutes(
    [
      {
        path: '/',
        element: <PrintModal codes={['V6UU74']} total={1} print={vi.fn()} onClose={vi.fn()} />,
      },
    ],
    '/',
  );
  return screen.findByRole('dialog');
}

afterEach(() => vi.unstubAllGlobals());

describe('PrintModal says what the paper will open', () => {
  it('a local trial: the address with the first code, and that every page is marked', async () => {
    answering({ base: 'http://localhost:3000/q/', local: true, trial: true, problem: null });
    const dialog = await open();
    expect((await within(dialog).findByTestId('qr-address')).textContent).toBe(
      'Each code opens http://localhost:3000/q/V6UU74',
    );
    expect(
      within(dialog).getByText(/every\s+page of the PDF says "TRIAL - not for print"/),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Download PDF' }).hasAttribute('disabled'),
    ).toBe(false);
  });

  it('an address phones cannot reach: the reason instead of the download', async () => {
    const problem = 'Printed codes would open http://localhost:3000/q/… Set PUBLIC_BASE_URL …';
    answering({ base: 'http://localhost:3000/q/', local: true, trial: false, problem });
    const dialog = await open();
    expect((await within(dialog).findByTestId('qr-address-problem')).textContent).toBe(problem);
    expect(within(dialog).queryByTestId('qr-address')).toBeNull();
    expect(
      within(dialog).getByRole('button', { name: 'Download PDF' }).hasAttribute('disabled'),
    ).toBe(true);
  });
});
