import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { MediaFormModal } from './media-form-modal.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The message under a field, read the way a screen reader finds it. */
function errorOf(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = field.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  const id = ids.find((i) => i.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

function show() {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        sent.push({ url, body });
        return json({ id: 7, title: body.title });
      }
      return json({ items: [] });
    }),
  );
  renderRoutes(
    [{ path: '/', element: <MediaFormModal kind="video" item={null} onClose={() => {}} /> }],
    '/',
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('MediaFormModal', () => {
  it('flags every missing value with "Required" on submit, the file too', async () => {
    const sent = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add video' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Title'))).toBe('Required'));
    expect(errorOf(screen.getByLabelText(/^Video file/))).toBe('Required');
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add video' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Language'))).toBe('Required'));
    expect(sent).toEqual([]);
  });

  it('says what is wrong with an address in words, then sends a good one', async () => {
    const sent = show();
    fireEvent.click(await screen.findByText('Link a URL'));
    fireEvent.click(screen.getByRole('button', { name: 'Add video' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('URL'))).toBe('Required'));
    expect(errorOf(screen.getByLabelText('Title'))).toBe('Required');
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'javascript:alert(1)' } });
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText('URL'))).toBe('Enter an http(s) address'),
    );
    fireEvent.change(screen.getByLabelText('URL'), {
      target: { value: 'https://example.com/a.mp4' },
    });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Photosynthesis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add video' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({
      source: 'url',
      url: 'https://example.com/a.mp4',
      title: 'Photosynthesis',
      durationSeconds: null,
    });
  });
});
