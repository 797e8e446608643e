import { z } from 'zod';
import {
  emailSchema,
  nameSchema,
  okSchema,
  passwordSchema,
  secretSchema,
  timestampSchema,
} from './common.ts';
import { moduleKeySchema } from './modules.ts';
import { defineRoutes } from './route.ts';

export const ROLES = ['super_admin', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export const ADMIN_STATUSES = ['active', 'disabled', 'invited'] as const;
export const adminStatusSchema = z.enum(ADMIN_STATUSES);

/** The signed-in admin as the client sees them (never a hash). */
export const sessionAdminSchema = z.strictObject({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  modules: z.array(moduleKeySchema),
});
export type SessionAdmin = z.infer<typeof sessionAdminSchema>;

export const otpSchema = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code');
export const challengeIdSchema = z.uuid('Invalid challenge');
/** Tokens are URL-safe text: printable ASCII only. */
const tokenSchema = z
  .string()
  .min(16)
  .max(2048)
  .regex(/^[\x21-\x7e]+$/, 'Invalid token');

export const loginBody = z.object({ email: emailSchema, password: secretSchema(1024).min(1) });
export const challengeResponse = z.object({
  challengeId: challengeIdSchema,
  expiresAt: timestampSchema,
});
export const confirmOtpBody = z.object({ challengeId: challengeIdSchema, otp: otpSchema });
export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export const signedInResponse = tokenPairSchema.extend({ admin: sessionAdminSchema });
export const refreshBody = z.object({ refreshToken: tokenSchema });
export const logoutBody = z.object({ refreshToken: tokenSchema.optional() });
export const passwordUpdateBody = z.object({
  currentPassword: secretSchema(1024).min(1),
  newPassword: passwordSchema,
});
export const resetLinkBody = z.object({ email: emailSchema });
export const passwordResetBody = z.object({ token: tokenSchema, password: passwordSchema });
export const setupBody = z.object({
  token: tokenSchema,
  email: emailSchema,
  name: nameSchema,
  password: passwordSchema,
});
export const inviteQuery = z.object({ token: tokenSchema });
export const inviteInfoResponse = z.object({ email: z.string(), name: z.string() });
export const inviteAcceptBody = z.object({ token: tokenSchema, password: passwordSchema });
/** The links a person opens with a one-time token: e-mailed reset and invite, printed setup. */
export const LINK_KINDS = ['reset', 'invite', 'setup'] as const;
export const linkCheckBody = z.object({ kind: z.enum(LINK_KINDS), token: tokenSchema });

export const authRoutes = defineRoutes({
  login: {
    method: 'POST',
    audit: 'self',
    path: '/auth/login',
    access: 'public',
    tag: 'auth',
    spec: true,
    summary: 'Check e-mail and password; mail a 6-digit code and answer the challenge id',
    body: loginBody,
    response: challengeResponse,
  },
  confirmOtp: {
    method: 'POST',
    audit: 'self',
    path: '/auth/confirmotp',
    access: 'public',
    tag: 'auth',
    spec: true,
    summary: 'Exchange the challenge id and mailed code for a token pair',
    body: confirmOtpBody,
    response: signedInResponse,
  },
  resendOtp: {
    method: 'POST',
    audit: 'self',
    path: '/auth/resendotp',
    access: 'public',
    tag: 'auth',
    summary: 'End a challenge and mail a new code under a new challenge id',
    body: z.object({ challengeId: challengeIdSchema }),
    response: challengeResponse,
  },
  refresh: {
    method: 'POST',
    // Routine (every few minutes per open tab): only a reused token is audited.
    audit: 'none',
    path: '/auth/refresh',
    access: 'public',
    tag: 'auth',
    spec: true,
    summary: 'Rotate a refresh token into a new token pair',
    body: refreshBody,
    response: tokenPairSchema,
  },
  logout: {
    method: 'POST',
    audit: 'self',
    path: '/auth/logout',
    access: 'session',
    tag: 'auth',
    summary: 'Revoke this session (its refresh token family)',
    body: logoutBody,
    response: okSchema,
  },
  logoutAll: {
    method: 'POST',
    audit: 'self',
    path: '/auth/logoutall',
    access: 'session',
    tag: 'auth',
    summary: 'Revoke every session of the signed-in admin',
    response: okSchema,
  },
  me: {
    method: 'GET',
    path: '/auth/me',
    access: 'session',
    tag: 'auth',
    summary: 'The signed-in admin',
    response: sessionAdminSchema,
  },
  passwordUpdate: {
    method: 'POST',
    audit: 'self',
    path: '/user/password/update',
    access: 'session',
    tag: 'auth',
    spec: true,
    summary: 'Change the own password; revokes every other session',
    body: passwordUpdateBody.extend({ refreshToken: tokenSchema.optional() }),
    response: okSchema,
  },
  resetLink: {
    method: 'POST',
    audit: 'self',
    path: '/auth/password/resetlink',
    access: 'public',
    tag: 'auth',
    spec: true,
    summary: 'Mail a password reset link when the admin exists (same answer either way)',
    body: resetLinkBody,
    response: okSchema,
  },
  passwordReset: {
    method: 'POST',
    audit: 'self',
    path: '/auth/password/reset',
    access: 'public',
    tag: 'auth',
    summary: 'Set a new password with a reset token; revokes every session',
    body: passwordResetBody,
    response: okSchema,
  },
  setupStatus: {
    method: 'GET',
    path: '/auth/setup',
    access: 'public',
    tag: 'auth',
    summary: 'Whether the first super admin still has to be created',
    response: z.object({ needed: z.boolean() }),
  },
  setup: {
    method: 'POST',
    audit: 'self',
    path: '/auth/setup',
    access: 'public',
    tag: 'auth',
    summary: 'Create the first super admin with the one-time setup token printed at start',
    body: setupBody,
    response: okSchema,
  },
  inviteInfo: {
    method: 'GET',
    path: '/auth/invite',
    access: 'public',
    tag: 'auth',
    summary: 'Who an invitation is for',
    query: inviteQuery,
    response: inviteInfoResponse,
  },
  checkLink: {
    method: 'POST',
    path: '/auth/link/check',
    access: 'public',
    // A read that needs a body (the token stays out of URLs and logs).
    audit: 'none',
    tag: 'auth',
    summary:
      'Whether a reset, invite or setup link can still be used, before its form is filled; uses nothing up',
    body: linkCheckBody,
    response: okSchema,
  },
  inviteAccept: {
    method: 'POST',
    audit: 'self',
    path: '/auth/invite/accept',
    access: 'public',
    tag: 'auth',
    summary: 'Set the password of an invited admin',
    body: inviteAcceptBody,
    response: okSchema,
  },
});
