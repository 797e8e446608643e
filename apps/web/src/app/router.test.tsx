import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveToken } from '../lib/token-store.ts';
import { renderRoutes } from '../test/render.tsx';
import { AppErrorPage } from './routes/app-error.tsx';
import { requireSession } from './signed-in-routes.tsx';

const loaderArgs = (url: string) =>
  ({ request: new Request(url), params: {}, context: undefined }) as Parameters<
    typeof requireSession
  >[0];

describe('requireSession', () => {
  it('sends a signed-out visitor to /login, remembering the page', () => {
    let thrown: unknown;
    try {
      requireSession(loaderArgs('http://app.test/admins?status=invited'));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe(
      '/login?next=%2Fadmins%3Fstatus%3Dinvited',
    );
  });

  it('lets a signed-in admin through', () => {
    saveToken({ access: 'a', refresh: 'r' });
    expect(requireSession(loaderArgs('http://app.test/admins'))).toBeNull();
  });

  it('treats an emptied token (signed out) as no session', () => {
    saveToken({ access: '', refresh: '' });
    expect(() => requireSession(loaderArgs('http://app.test/'))).toThrow();
  });
});

describe('AppErrorPage', () => {
  it("reads 'Unexpected Application Error!' and links home", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    renderRoutes(
      [
        { path: '/', Component: () => null },
        { path: '/broken', Component: Broken, ErrorBoundary: AppErrorPage },
      ],
      '/broken',
    );
    expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
