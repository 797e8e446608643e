import { authRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { checkLink } from './link-check.service.ts';
import { confirmOtp, login, resendOtp } from './login.service.ts';
import {
  acceptInvite,
  completeSetup,
  inviteInfo,
  requestPasswordReset,
  resetPassword,
  setupNeeded,
  updatePassword,
} from './password.service.ts';
import { refreshSession, revokeAllSessions, revokeFamily } from './sessions.service.ts';

const ok = { ok: true } as const;

export function authModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, authRoutes, {
    login: async ({ body, ctx }) => {
      return login(deps, ctx, body.email, body.password);
    },
    confirmOtp: async ({ body, ctx }) => {
      return confirmOtp(deps, ctx, body.challengeId, body.otp);
    },
    resendOtp: async ({ body, ctx }) => {
      return resendOtp(deps, ctx, body.challengeId);
    },
    refresh: async ({ body, ctx }) => {
      return refreshSession(deps, body.refreshToken, ctx);
    },
    logout: async ({ admin, ctx }) => {
      await revokeFamily(deps, deps.db, admin.id, admin.sessionId);
      await recordAudit(deps.db, ctx, {
        action: 'logout',
        entity: 'session',
        entityId: admin.sessionId,
      });
      return ok;
    },
    logoutAll: async ({ admin, ctx }) => {
      await revokeAllSessions(deps, deps.db, admin.id);
      await recordAudit(deps.db, ctx, {
        action: 'logout_all',
        entity: 'session',
        entityId: admin.id,
      });
      return ok;
    },
    me: ({ admin }) => {
      const { sessionId: _, ...me } = admin;
      return me;
    },
    passwordUpdate: async ({ body, admin, ctx }) => {
      await updatePassword(deps, ctx, admin, body.currentPassword, body.newPassword);
      return ok;
    },
    resetLink: async ({ body, ctx }) => {
      await requestPasswordReset(deps, ctx, body.email);
      return ok;
    },
    passwordReset: async ({ body, ctx }) => {
      await resetPassword(deps, ctx, body.token, body.password);
      return ok;
    },
    setupStatus: async () => ({ needed: await setupNeeded(deps) }),
    setup: async ({ body, ctx }) => {
      await completeSetup(deps, ctx, body);
      return ok;
    },
    inviteInfo: ({ query }) => inviteInfo(deps, query.token),
    checkLink: async ({ body }) => {
      await checkLink(deps, body.kind, body.token);
      return ok;
    },
    inviteAccept: async ({ body, ctx }) => {
      await acceptInvite(deps, ctx, body.token, body.password);
      return ok;
    },
  });
}
