import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { AuthCache } from './lib/auth-cache.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/delivery/smtp.ts';
import type { Faults } from './lib/faults.ts';
import type { Storage } from './lib/storage/storage.ts';
import type { AuthAdmin } from './plugins/auth-guard.ts';

/** What services need from the outside world; built once per app. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  /** Sends now: only the delivery engine's system mail channel calls it. Services send with `sendMail` (modules/mail/mail.system.ts). */
  mailer: Mailer;
  /** The job queue: `jobs.enqueue(tx, kind, data)` inside the change's transaction (docs/jobs.md). */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Uploaded files (lib/storage); local directory or object storage. */
  storage: Storage;
  /** Faults of the database and the disks: answered by the error handler, reported by health. */
  faults: Faults;
  /** Cleared on every revocation or admin change (see lib/auth-cache.ts). */
  authCache: AuthCache<AuthAdmin>;
  /**
   * A write that breaks its route's audit declaration fails (tests) instead of
   * being logged and covered by a generic row (production).
   */
  strictAudit: boolean;
  /** Tests: an error answer the route does not declare is a 500 (lib/declared-errors.ts). */
  strictErrors: boolean;
}
