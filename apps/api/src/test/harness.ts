import type { ModuleKey } from '@bo/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { admins } from '../db/schema/index.ts';
import type { JobKind } from '../jobs/job.ts';
import { manualClock } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';
import { codeIn, type SmtpReceiver, startSmtpReceiver } from './smtp-receiver.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestApp {
  app: FastifyInstance;
  smtp: SmtpReceiver;
  clock: ReturnType<typeof manualClock>;
  config: Config;
  close(): Promise<void>;
  createAdmin(opts?: {
    email?: string;
    password?: string;
    role?: 'admin' | 'super_admin';
    modules?: ModuleKey[];
    status?: 'active' | 'disabled' | 'invited';
  }): Promise<{ id: number; email: string; password: string }>;
  signIn(email: string, password?: string): Promise<{ accessToken: string; refreshToken: string }>;
  /** inject with a bearer token */
  as(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface TestAppOptions {
  /** Pino options for the app log; silent when absent. */
  logger?: object;
  /** Job kinds of the test's own, beside the product's (the queue runs for real). */
  jobKinds?: JobKind[];
  /** Runs on the built app before ready(): a test may add its own routes. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** False: audit gaps are logged and covered, as in production (default true: they fail). */
  strictAudit?: boolean;
}

let seq = 0;

/**
 * The app as it runs, on a fresh database, a real SMTP receiver and a clock
 * the test moves. Only the environment-free parts differ from production.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: TestAppOptions = {},
): Promise<TestApp> {
  const smtp = await startSmtpReceiver();
  const database = await openTestDatabase();
  const clock = manualClock(new Date());
  const config = loadConfig({
    DATA_DIR: '/tmp/bo-test-unused',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SMTP_URL: smtp.url,
    PUBLIC_BASE_URL: 'https://backoffice.example.test',
    AUTH_RATE_LIMIT: '100000',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    clock,
    logger: opts.logger ?? false,
    strictAudit: opts.strictAudit ?? true,
    // An error answer its route does not declare fails the test that met it.
    strictErrors: true,
    jobKinds: opts.jobKinds,
  });
  await opts.beforeReady?.(app);
  await app.ready();

  const t: TestApp = {
    app,
    smtp,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
    },
    async createAdmin(opts = {}) {
      const email = opts.email ?? `admin${++seq}-${Date.now()}@example.test`;
      const password = opts.password ?? TEST_PASSWORD;
      const [row] = await database.db
        .insert(admins)
        .values({
          email,
          name: email.split('@')[0]!,
          passwordHash: await hashPassword(password),
          role: opts.role ?? 'admin',
          status: opts.status ?? 'active',
          modules: opts.modules ?? [],
        })
        .returning({ id: admins.id });
      return { id: row!.id, email, password };
    },
    async signIn(email, password = TEST_PASSWORD) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      if (login.statusCode !== 200) throw new Error(`login ${login.statusCode}: ${login.body}`);
      const { challengeId } = login.json();
      const mail = await smtp.waitFor(
        (m) =>
          m.to.includes(email.toLowerCase()) &&
          m.subject.startsWith('Your sign-in code') &&
          !used.has(m),
      );
      used.add(mail);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/confirmotp',
        payload: { challengeId, otp: codeIn(mail) },
      });
      if (res.statusCode !== 200) throw new Error(`confirmotp ${res.statusCode}: ${res.body}`);
      return res.json();
    },
    as(token, opts) {
      return app.inject({
        ...opts,
        headers: { ...opts.headers, authorization: `Bearer ${token}` },
      });
    },
  };
  const used = new Set<unknown>();
  return t;
}
