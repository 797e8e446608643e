import { createHash, randomBytes } from 'node:crypto';
import { LEARNER_APP_KEY_HEADER, type LearnerAppKey } from '@bo/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { admins, learnerAppKeys } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound, unauthorized } from '../../lib/errors.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { learnerTokenSecret } from './learner-token.ts';

/**
 * Keys of the learner app (docs/security.md): 32 random bytes, shown once at
 * creation, stored only as their SHA-256. A key is high-entropy, so a fast
 * hash is enough (no password hashing); the lookup is by the hash's unique
 * index, so no key is ever compared character by character.
 */
const KEY_PREFIX = 'lak_';

export const hashAppKey = (key: string) => createHash('sha256').update(key).digest('hex');

const creator = alias(admins, 'creator');

function toKey(row: {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  createdByName: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): LearnerAppKey {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const keyFields = {
  id: learnerAppKeys.id,
  name: learnerAppKeys.name,
  prefix: learnerAppKeys.prefix,
  createdAt: learnerAppKeys.createdAt,
  createdByName: creator.name,
  lastUsedAt: learnerAppKeys.lastUsedAt,
  revokedAt: learnerAppKeys.revokedAt,
};

export async function listAppKeys(deps: Deps) {
  const rows = await deps.db
    .select(keyFields)
    .from(learnerAppKeys)
    .leftJoin(creator, eq(creator.id, learnerAppKeys.createdBy))
    .orderBy(desc(learnerAppKeys.createdAt), desc(learnerAppKeys.id));
  return { items: rows.map(toKey) };
}

export async function createAppKey(deps: Deps, admin: AuthAdmin, name: string) {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await deps.db
    .insert(learnerAppKeys)
    .values({
      name,
      keyHash: hashAppKey(key),
      prefix: key.slice(0, KEY_PREFIX.length + 6),
      createdAt: deps.clock(),
      createdBy: admin.id,
    })
    .returning({ id: learnerAppKeys.id });
  const item = (await listAppKeys(deps)).items.find((k) => k.id === row!.id)!;
  return { item, key, learnerTokenSecret: learnerTokenSecret(deps, hashAppKey(key)) };
}

export async function revokeAppKey(deps: Deps, admin: AuthAdmin, id: number) {
  const [row] = await deps.db
    .update(learnerAppKeys)
    // A second revocation keeps the first one's time and admin.
    .set({
      revokedAt: sql`coalesce(${learnerAppKeys.revokedAt}, ${deps.clock()})`,
      revokedBy: sql`coalesce(${learnerAppKeys.revokedBy}, ${admin.id})`,
    })
    .where(eq(learnerAppKeys.id, id))
    .returning({ id: learnerAppKeys.id, revokedAt: learnerAppKeys.revokedAt });
  if (!row) throw notFound('Learner-app key');
  return { ok: true as const };
}

/**
 * The ingest route's guard: the key in its header must be a live one. Its
 * last use is kept to the minute (one write a minute at most, not one per batch).
 */
export async function authenticateLearnerApp(deps: Deps, req: FastifyRequest): Promise<number> {
  const header = req.headers[LEARNER_APP_KEY_HEADER];
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key) {
    throw unauthorized(
      `Send the learner app's key in ${LEARNER_APP_KEY_HEADER}`,
      'unauthenticated',
    );
  }
  if (key.length > 200) throw new AppError(401, 'invalid_app_key', 'Unknown or revoked app key');
  const now = deps.clock();
  const [row] = await deps.db
    .select({ id: learnerAppKeys.id, lastUsedAt: learnerAppKeys.lastUsedAt })
    .from(learnerAppKeys)
    .where(and(eq(learnerAppKeys.keyHash, hashAppKey(key)), isNull(learnerAppKeys.revokedAt)));
  if (!row) throw new AppError(401, 'invalid_app_key', 'Unknown or revoked app key');
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await deps.db
      .update(learnerAppKeys)
      .set({ lastUsedAt: sql`greatest(${learnerAppKeys.lastUsedAt}, ${now})` })
      .where(eq(learnerAppKeys.id, row.id));
  }
  return row.id;
}
