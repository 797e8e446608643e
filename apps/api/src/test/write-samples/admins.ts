import { mk, next, post, type Samples, unique, type World } from './kit.ts';

/** An admin invited by the super admin: an id, and the e-mail the invite went to. */
export async function invited(w: World) {
  const email = `${unique('invited').replace(/\W/g, '')}@example.test`;
  const { id } = await mk(w, '/manage/createadminuser', {
    email,
    name: 'Invited',
    modules: ['books'],
  });
  return { id, email };
}

/** Managing admins: invite, edit, modules, delete. */
export const adminsSamples = {
  createAdmin: async (w) =>
    post(
      '/manage/createadminuser',
      { email: `new${next()}@example.test`, name: 'New', modules: ['books'] },
      w.token,
    ),
  editAdmin: async (w) =>
    post('/user/edituser', { id: (await invited(w)).id, name: 'Renamed' }, w.token),
  deleteAdmin: async (w) => post('/manage/deleteadminuser', { id: (await invited(w)).id }, w.token),
  resendInvite: async (w) => post('/manage/resendinvite', { id: (await invited(w)).id }, w.token),
  updateModules: async (w) =>
    post('/manage/updatemodules', { id: (await invited(w)).id, modules: ['media'] }, w.token),
} satisfies Samples;
