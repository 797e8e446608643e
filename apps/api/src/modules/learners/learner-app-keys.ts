import { randomBytes } from 'node:crypto';
import type { LearnerAppKey } from '@bo/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { admins, learnerAppKeys } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { hashAppKey } from '../../plugins/learner-app-guard.ts';
import { learnerTokenSecret } from './learner-token.ts';

/**
 * Keys of the learner app (docs/security.md): 32 random bytes, shown once at
 * creation, stored only as their SHA-256. A key is high-entropy, so a fast
 * hash is enough (no password hashing); the lookup is by the hash's unique
 * index, so no key is ever compared character by character.
 */
const KEY_PREFIX = 'lak_';

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
