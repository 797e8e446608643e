import { ensureSetupLink } from '../../modules/auth/password.service.ts';
import { TEST_PASSWORD } from '../harness.ts';
import { codeIn, linkTokenIn } from '../smtp-receiver.ts';
import { invited } from './admins.ts';
import { made, post, type Samples, type World } from './kit.ts';

/** A signed-in admin of its own, for the routes that end or change a session. */
export async function ownSession(w: World) {
  const a = await w.t.createAdmin();
  return { ...a, ...(await w.t.signIn(a.email)) };
}
async function challenge(w: World) {
  const a = await w.t.createAdmin();
  const login = await made<{ challengeId: string }>(
    w,
    post('/auth/login', { email: a.email, password: TEST_PASSWORD }),
  );
  const mail = await w.t.smtp.waitFor((m) => m.to.includes(a.email));
  return { challengeId: login.challengeId, otp: codeIn(mail) };
}

/** Sign-in, sessions, passwords and one-time links. */
export const authSamples = {
  setup: async (w) => {
    const link = await ensureSetupLink(w.t.app.deps);
    const token = new URL(link!).searchParams.get('token')!;
    return post('/auth/setup', {
      token,
      email: 'first@example.test',
      name: 'First',
      password: TEST_PASSWORD,
    });
  },
  login: async (w) =>
    post('/auth/login', { email: (await w.t.createAdmin()).email, password: TEST_PASSWORD }),
  confirmOtp: async (w) => post('/auth/confirmotp', await challenge(w)),
  resendOtp: async (w) =>
    post('/auth/resendotp', { challengeId: (await challenge(w)).challengeId }),
  refresh: async (w) => post('/auth/refresh', { refreshToken: (await ownSession(w)).refreshToken }),
  logout: async (w) => post('/auth/logout', {}, (await ownSession(w)).accessToken),
  logoutAll: async (w) => ({
    req: { method: 'POST', url: '/api/auth/logoutall' },
    token: (await ownSession(w)).accessToken,
  }),
  passwordUpdate: async (w) =>
    post(
      '/user/password/update',
      { currentPassword: TEST_PASSWORD, newPassword: 'another long passphrase 42' },
      (await ownSession(w)).accessToken,
    ),
  resetLink: async (w) =>
    post('/auth/password/resetlink', { email: (await w.t.createAdmin()).email }),
  passwordReset: async (w) => {
    const { email } = await w.t.createAdmin();
    await made(w, post('/auth/password/resetlink', { email }));
    const mail = await w.t.smtp.waitFor((m) => m.to.includes(email) && /reset/i.test(m.subject));
    return post('/auth/password/reset', {
      token: linkTokenIn(mail),
      password: 'a new long passphrase 42',
    });
  },
  checkLink: async (w) => {
    const { email } = await invited(w);
    const mail = await w.t.smtp.waitFor((m) => m.to.includes(email));
    return post('/auth/link/check', { kind: 'invite', token: linkTokenIn(mail) });
  },
  inviteAccept: async (w) => {
    const { email } = await invited(w);
    const mail = await w.t.smtp.waitFor((m) => m.to.includes(email));
    return post('/auth/invite/accept', {
      token: linkTokenIn(mail),
      password: 'a new long passphrase 42',
    });
  },
} satisfies Samples;
