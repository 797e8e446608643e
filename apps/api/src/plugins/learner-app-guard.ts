import { createHash } from 'node:crypto';
import { LEARNER_APP_KEY_HEADER } from '@bo/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { learnerAppKeys } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { AppError, unauthorized } from '../lib/errors.ts';

/**
 * The learner app's guard (the admins' is auth-guard.ts). A key is stored
 * only as its SHA-256 (modules/learners/learner-app-keys.ts makes them): it
 * is high-entropy, so a fast hash is enough, and the lookup is by the hash's
 * unique index, so no key is ever compared character by character.
 */
export const hashAppKey = (key: string) => createHash('sha256').update(key).digest('hex');

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
