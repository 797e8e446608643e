import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readToken } from '../../../lib/token-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const admin = { id: 1, email: 'ada@example.com', name: 'Ada', role: 'super_admin', modules: [] };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const renderLogin = (url: string) =>
  renderRoutes(
    [
      { path: '/login', Component: LoginPage },
      { path: '/admins', Component: () => <p>Admins screen</p> },
    ],
    url,
  );

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('signs in with password then code, stores the pair and returns to ?next', async () => {
    const bodies: Record<string, unknown> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        bodies[url] = init.body ? JSON.parse(String(init.body)) : undefined;
        if (url === '/api/auth/setup') return json({ needed: false });
        if (url === '/api/auth/login') {
          return json({ challengeId: crypto.randomUUID(), expiresAt: new Date().toISOString() });
        }
        if (url === '/api/auth/confirmotp') {
          return json({ accessToken: 'acc', refreshToken: 'ref', admin });
        }
        return json({ message: 'unexpected', code: 'x' }, 500);
      }),
    );
    const router = renderLogin('/login?next=%2Fadmins');

    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const firstDigit = await screen.findByLabelText('Verification code digit 1');
    expect(screen.getByRole('button', { name: 'Resend code' })).toHaveProperty('disabled', true);
    fireEvent.change(firstDigit, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByText('Admins screen');
    expect(router.state.location.pathname).toBe('/admins');
    expect(readToken()).toEqual({ access: 'acc', refresh: 'ref' });
    expect(bodies['/api/auth/login']).toEqual({ email: 'ada@example.com', password: 'secret' });
    expect(bodies['/api/auth/confirmotp']).toMatchObject({ otp: '123456' });
  });

  it('checks the form against the contract before calling the API', async () => {
    const fetch = vi.fn(async (_url: string) => json({ needed: false }));
    vi.stubGlobal('fetch', fetch);
    renderLogin('/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy());
    expect(fetch.mock.calls.map((c) => c[0])).not.toContain('/api/auth/login');
  });

  it('flags every empty field on submit', async () => {
    const fetch = vi.fn(async (_url: string) => json({ needed: false }));
    vi.stubGlobal('fetch', fetch);
    renderLogin('/login');
    await screen.findByLabelText('Email');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    expect(fetch.mock.calls.map((c) => c[0])).not.toContain('/api/auth/login');
  });
});
