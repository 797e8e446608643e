import type { Access, CrossModuleNeed, ModuleKey, SessionAdmin } from '@bo/contract';
import { accessModules, allows, MODULES, unmetNeed } from '@bo/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { admins, refreshTokens } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { verifyAccessToken } from '../lib/access-token.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

export interface AuthAdmin extends SessionAdmin {
  sessionId: string;
}

const moduleName = new Map<string, string>(MODULES.map((m) => [m.key, m.name]));

/**
 * Reads the bearer token and loads the admin fresh on every request, so a
 * disabled admin, a revoked session or a changed set of modules takes effect
 * at once (not only when the access token expires).
 */
export async function authenticate(deps: Deps, req: FastifyRequest): Promise<AuthAdmin> {
  // The scheme is case-insensitive (RFC 9110): "bearer" and "BEARER" are Bearer.
  const token = /^bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  if (!token) throw unauthorized('Sign in first', 'unauthenticated');
  const cached = deps.authCache.get(token, deps.clock().getTime());
  if (cached) return cached;
  const { admin, expiresAtMs } = await lookUp(deps, token);
  deps.authCache.set(token, admin, expiresAtMs);
  return admin;
}

/** SQL true when the access token's session has not been revoked. */
const sessionIsLive = (familyId: string) =>
  sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId} and ${refreshTokens.revokedAt} is null)`;

async function lookUp(deps: Deps, token: string) {
  const claims = await verifyAccessToken(deps.config.jwtSecret, deps.clock, token);
  const [row] = await deps.db
    .select({
      id: admins.id,
      email: admins.email,
      name: admins.name,
      role: admins.role,
      status: admins.status,
      modules: admins.modules,
      live: sessionIsLive(claims.sessionId),
    })
    .from(admins)
    .where(eq(admins.id, claims.adminId));
  if (!row || row.status !== 'active' || !row.live) throw unauthorized();
  const admin: AuthAdmin = {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    modules: effectiveModules(row.role, row.modules),
    sessionId: claims.sessionId,
  };
  return { admin, expiresAtMs: claims.expiresAtMs };
}

/** A super admin holds every module; an admin only known ones assigned. */
export function effectiveModules(role: string, modules: string[]): ModuleKey[] {
  if (role === 'super_admin') return MODULES.map((m) => m.key);
  return MODULES.map((m) => m.key).filter((k) => modules.includes(k));
}

export function authorize(admin: AuthAdmin, access: Access) {
  if (allows(admin, access)) return;
  if (access === 'super_admin') throw forbidden('Only super admins may do this');
  const names = (accessModules(access) ?? []).map((m) => moduleName.get(m) ?? m);
  throw forbidden(
    `You do not have access to ${names.length === 1 ? names[0] : `any of ${names.join(', ')}`}`,
  );
}

/**
 * A change to another module's object needs that module too (the route
 * table's `alsoNeeds`): `setFields` are what the call changes.
 */
export function authorizeChange(
  admin: AuthAdmin,
  needs: readonly CrossModuleNeed[] | undefined,
  setFields: Iterable<string>,
) {
  const need = unmetNeed(admin, needs, new Set(setFields));
  if (!need) return;
  throw forbidden(
    `You do not have access to ${moduleName.get(need.module) ?? need.module}, which you need to ${need.what}`,
  );
}

/** The fields a request body sets (a field sent as undefined or left out is not set). */
export function fieldsSetBy(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
}
