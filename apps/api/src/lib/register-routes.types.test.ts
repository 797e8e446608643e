import { defineRoutes } from '@bo/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { AuthAdmin } from '../plugins/auth-guard.ts';
import type { AdminOf, HandlerInput } from './register-routes.ts';

/** Checked by the type checker (`npm run check`): the admin a handler gets follows the route's access. */
const routes = defineRoutes({
  open: { method: 'GET', path: '/open', access: 'public', summary: '', tag: 't' },
  app: { method: 'POST', path: '/app', access: 'learner_app', summary: '', tag: 't' },
  own: { method: 'POST', path: '/own', access: 'books', summary: '', tag: 't' },
  any: { method: 'GET', path: '/any', access: ['books', 'media'], summary: '', tag: 't' },
  session: { method: 'GET', path: '/me', access: 'session', summary: '', tag: 't' },
});
type AdminIn<K extends keyof typeof routes> = HandlerInput<(typeof routes)[K]>['admin'];

describe('a handler’s admin', () => {
  it('is null on public and learner-app routes, the signed-in admin on every other', () => {
    expectTypeOf<AdminIn<'open'>>().toEqualTypeOf<null>();
    expectTypeOf<AdminIn<'app'>>().toEqualTypeOf<null>();
    expectTypeOf<AdminIn<'own'>>().toEqualTypeOf<AuthAdmin>();
    expectTypeOf<AdminIn<'any'>>().toEqualTypeOf<AuthAdmin>();
    expectTypeOf<AdminIn<'session'>>().toEqualTypeOf<AuthAdmin>();
    expectTypeOf<AdminOf<'public' | 'books'>>().toEqualTypeOf<AuthAdmin | null>();
  });
});
