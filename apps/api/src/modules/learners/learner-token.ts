import { type ErrorCode, LEARNER_APP_KEY_HEADER, LEARNER_TOKEN_HEADER } from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors, jwtVerify } from 'jose';
import type { Deps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { hmac } from '../../lib/secrets.ts';
import { hashAppKey } from '../../plugins/learner-app-guard.ts';

/**
 * The learner-app key is the publisher's learner backend's credential: with
 * it alone, anyone could act for any learner. With LEARNER_TOKEN_REQUIRED
 * the routes that act for one learner also need that learner's token,
 * signed by the backend once it has signed the learner in (docs/security.md
 * item 41): an HS256 JWT, `sub` = the learner's app id, expiring within an
 * hour, under the key's own learner-token secret.
 *
 * The secret is derived from the server's secret and the key's hash, so it
 * is never stored: shown once beside the key, and dead with it.
 */

/** Longest a learner token may live: a leaked one is worth little. */
const MAX_TOKEN_LIFETIME_S = 3600;

export const learnerTokenSecret = (deps: Deps, keyHash: string) =>
  hmac(deps.config.jwtSecret, `learner-token:${keyHash}`);

const refused = (code: ErrorCode, message: string) => new AppError(401, code, message);

/** The learner (app id) a request's token speaks for; throws 401 when there is none valid. */
async function tokenSubject(deps: Deps, req: FastifyRequest): Promise<string> {
  const header = req.headers[LEARNER_TOKEN_HEADER];
  const token = typeof header === 'string' ? header.trim() : '';
  if (!token)
    throw refused(
      'learner_token_required',
      `Send the learner's token from your backend in ${LEARNER_TOKEN_HEADER}`,
    );
  const key = String(req.headers[LEARNER_APP_KEY_HEADER] ?? '').trim();
  const secret = new TextEncoder().encode(learnerTokenSecret(deps, hashAppKey(key)));
  const now = deps.clock();
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp'],
      currentDate: now,
      clockTolerance: 30,
    });
    if (payload.exp! - now.getTime() / 1000 > MAX_TOKEN_LIFETIME_S)
      throw refused(
        'invalid_learner_token',
        'The learner token must expire within an hour: sign a fresh short-lived one',
      );
    return payload.sub!;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof errors.JWTExpired)
      throw refused('learner_token_expired', 'The learner token has expired: sign a fresh one');
    throw refused('invalid_learner_token', 'The learner token is not valid for this app key');
  }
}

/**
 * Checks, when tokens are required, that the request's learner token speaks
 * for every learner it names (403 when it is another learner's).
 */
export async function checkLearnerToken(deps: Deps, req: FastifyRequest, learnerIds: string[]) {
  if (!deps.config.learnerTokenRequired || !learnerIds.length) return;
  const sub = await tokenSubject(deps, req);
  const other = learnerIds.find((id) => id.toLowerCase() !== sub.toLowerCase());
  if (other)
    throw forbidden(
      `The learner token speaks for another learner than ${other}`,
      'learner_token_mismatch',
    );
}

/**
 * Guards the named routes once their input is valid: `learnersOf` reads the
 * learners a request acts for from its query or body.
 */
export function guardLearnerRoutes(
  app: FastifyInstance,
  deps: Deps,
  learnersOf: Record<string, (input: Record<string, unknown>) => string[]>,
) {
  app.addHook('preHandler', async (req) => {
    const name = (req.routeOptions?.config as { routeName?: string } | undefined)?.routeName;
    const of = name ? learnersOf[name] : undefined;
    if (!of) return;
    const input = { ...(req.query as object), ...(req.body as object) } as Record<string, unknown>;
    await checkLearnerToken(deps, req, of(input));
  });
}
