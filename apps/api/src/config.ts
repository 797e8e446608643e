import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileKind } from '@bo/contract';
import { z } from 'zod';
import { type FcmConfig, fcmConfig } from './config.fcm.ts';
import { PACKAGE_ROOT } from './lib/package-root.ts';

export type { FcmConfig } from './config.fcm.ts';

/**
 * Configuration comes only from the environment (docs/configuration.md lists
 * every variable). Parsed once, with safe defaults for the embedded setup.
 */
const duration = z
  .string()
  .regex(/^\d+\s*(ms|s|m|h|d)?$/, 'a number with an optional unit: ms, s, m, h, d')
  .transform(toMs);

const megabytes = z.coerce.number().positive().max(100_000);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_QUERY_TIMEOUT: duration.default(60_000),
  DATABASE_KEEPALIVE_IDLE: duration.default(30_000),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Publisher back-office <no-reply@localhost>'),
  PUBLIC_BASE_URL: z.string().url().optional(),
  QR_LOCAL_TRIAL: z.enum(['true', 'false']).default('false'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: duration.default(15 * 60_000),
  REFRESH_TOKEN_TTL: duration.default(30 * 24 * 3_600_000),
  REFRESH_IDLE_TTL: duration.default(7 * 24 * 3_600_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  LEARNER_APP_URL: z.string().url().optional(),
  QR_SCAN_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  MAIL_TRACKING_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  LEARNER_MAX_DEVICES: z.coerce.number().int().min(1).max(100).default(1),
  LEARNER_TOKEN_REQUIRED: z.enum(['true', 'false']).default('false'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  WEB_DIST: z.string().optional(),
  UPLOAD_MAX_PDF_MB: megabytes.default(50),
  UPLOAD_MAX_VIDEO_MB: megabytes.default(2048),
  UPLOAD_MAX_AUDIO_MB: megabytes.default(200),
  UPLOAD_MAX_IMAGE_MB: megabytes.default(10),
  UPLOAD_MAX_XLSX_MB: megabytes.default(20),
  UPLOAD_MAX_ZIP_MB: megabytes.default(100),
  UPLOAD_MAX_TEXT_MB: megabytes.default(20),
  XLSX_MAX_UNCOMPRESSED_MB: megabytes.default(50),
  XLSX_MAX_ENTRIES: z.coerce.number().int().min(10).default(1000),
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  IMPORT_JOB_MIN_MB: z.coerce.number().min(0).max(100_000).default(1),
  FILE_SWEEP_GRACE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 365)
    .default(24),
  // Node runs a timer longer than 2^31-1 ms (24.8 days) after 1 ms, and then
  // every 1 ms: 24 days is the ceiling.
  FILE_SWEEP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 24)
    .default(6),
  HEADERS_TIMEOUT: duration.default(20_000),
  REQUEST_TIMEOUT: duration.default(3_600_000),
  BODY_MIN_RATE_KB: z.coerce.number().min(0).max(1_000_000).default(8),
  // Unset: 10 s on PostgreSQL, 30 s on PGlite (reports.jobs.ts says why).
  REPORTS_REFRESH_SECONDS: z.coerce.number().int().min(1).max(50).optional(),
  QUESTION_LIST_EXACT_TOTAL: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  QUESTION_SIMILARITY_THRESHOLD: z.coerce.number().gt(0).max(1).default(0.6),
  MAILER_RATE_PER_SECOND: z.coerce.number().int().min(0).max(100_000).default(20),
  MAILER_RATE_PER_HOUR: z.coerce.number().int().min(0).max(100_000_000).default(0),
  MAILER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  MAIL_UNSUBSCRIBE_BASE_URL: z.string().url().optional(),
  MAILER_SMTP_URL: z.string().url().optional(),
  // The mail provider's bounce and complaint webhook (modules/mail/mail.events-webhook.ts); unset: off.
  MAIL_EVENTS_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([\w.-]+\/)*$/, 'empty, or folder names each ending in "/"')
    .default(''),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Push delivery of notifications (docs/configuration.md, Push).
  PUSH_PROVIDER: z.enum(['none', 'fcm']).default('none'),
  FCM_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  FCM_PROJECT_ID: z.string().min(1).optional(),
  FCM_API_BASE: z.string().url().default('https://fcm.googleapis.com'),
  FCM_TOKEN_URI: z.string().url().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: a query's client-side time-out and TCP keepalive's idle time (db/postgres-pool.ts). */
  databaseLimits: { queryTimeoutMs: number; keepAliveIdleMs: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  publicBaseUrl: string;
  /** QR codes may encode a loopback or private address, every printed page marked as a trial (modules/qr-codes/qr-codes.address.ts). */
  qrLocalTrial: boolean;
  jwtSecret: Uint8Array;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  refreshIdleTtlMs: number;
  logLevel: string;
  /** Requests per minute and IP on each sign-in route. */
  authRateLimit: number;
  /** Devices a learner may have bound at once (the ingest refuses one more). */
  learnerMaxDevices: number;
  /** The learner routes need a learner token signed by the publisher's backend (learner-token.ts). */
  learnerTokenRequired: boolean;
  trustProxy: boolean;
  /** The learners' app: a QR scan redirects to its page for the target; unset, the scan shows a page. */
  learnerAppUrl: string | undefined;
  /** Requests per minute and IP on the public QR scan route GET /q/:code. */
  qrScanRateLimit: number;
  /** Opens and clicks per minute and client IP on the mail tracking addresses. */
  mailTrackingRateLimit: number;
  /** Built SPA to serve; absent when it has not been built. */
  webDist: string | undefined;
  /** Largest accepted upload per kind, in bytes (lib/storage/upload.ts). */
  uploadMaxBytes: Record<FileKind, number>;
  /** Zip-bomb limits of an uploaded XLSX (lib/import/xlsx/zip.ts). */
  xlsxLimits: { maxUncompressedBytes: number; maxEntries: number; maxRatio: number };
  /** XLSX imports read and checked at once per process; more answer 429 (lib/import/slots.ts). */
  importConcurrency: number;
  /** An XLSX import of a file at least this large runs as a job (lib/import/job.ts); 0 = always. */
  importJobMinBytes: number;
  /** Orphaned uploads (modules/files): removed when older than graceMs, every intervalMs (0 = never). */
  fileSweep: { graceMs: number; intervalMs: number };
  /** Slow clients (plugins/http-limits.ts): headers and whole-request deadlines, a body's least rate. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; bodyMinBytesPerSecond: number };
  /** Seconds between two refreshes of the reports; undefined: by database (reports.jobs.ts). */
  reportsRefreshSeconds: number | undefined;
  /** The question list counts exactly up to this many matches; above, it answers the planner's estimate. */
  questionListExactTotal: number;
  /** Trigram similarity (0-1] from which a question is warned about as a near duplicate (modules/questions). */
  questionSimilarityThreshold: number;
  /** Object storage for uploaded files; absent: the local directory DATA_DIR/files. */
  s3: S3Config | undefined;
  /** Push delivery of notifications: none (in-app inbox only) or FCM. */
  push: { provider: 'none' | 'fcm'; fcm: FcmConfig | undefined };
  /** Mailer campaigns (modules/mail, docs/jobs.md): throttle (0 = none), mails in flight, unsubscribe links' base. */
  mailers: {
    perSecond: number;
    perHour: number;
    concurrency: number;
    /** Campaigns' SMTP server when it differs from SMTP_URL's (a bulk relay). */
    smtpUrl: string | undefined;
    unsubscribeBaseUrl: string;
    /** The shared secret that signs POST /mail-events; undefined: the webhook is off. */
    eventsSecret: string | undefined;
  };
}

export interface S3Config {
  bucket: string;
  /** Prepended to every object key ('' or ending in '/'). */
  prefix: string;
  /** Absent: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (AWS_* variables, shared files, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const MB = 1024 * 1024;

export function toMs(value: string): number {
  const m = /^(\d+)\s*(ms|s|m|h|d)?$/.exec(value.trim());
  if (!m) throw new Error(`Not a duration: ${value}`);
  const n = Number(m[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] ?? 's'] ?? 1000;
  return n * unit;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
    );
  }
  // npm runs workspace scripts in their folder; paths are meant from where the user ran npm.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, e.DATA_DIR);
  const defaultDist = path.resolve(PACKAGE_ROOT, '../web/dist');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseLimits: {
      queryTimeoutMs: e.DATABASE_QUERY_TIMEOUT,
      keepAliveIdleMs: e.DATABASE_KEEPALIVE_IDLE,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    qrLocalTrial: e.QR_LOCAL_TRIAL === 'true',
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : persistedSecret(dataDir),
    accessTokenTtlMs: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlMs: e.REFRESH_TOKEN_TTL,
    refreshIdleTtlMs: e.REFRESH_IDLE_TTL,
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    learnerMaxDevices: e.LEARNER_MAX_DEVICES,
    learnerTokenRequired: e.LEARNER_TOKEN_REQUIRED === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    learnerAppUrl: e.LEARNER_APP_URL?.replace(/\/+$/, ''),
    qrScanRateLimit: e.QR_SCAN_RATE_LIMIT,
    mailTrackingRateLimit: e.MAIL_TRACKING_RATE_LIMIT,
    webDist: e.WEB_DIST
      ? path.resolve(base, e.WEB_DIST)
      : existsSync(defaultDist)
        ? defaultDist
        : undefined,
    uploadMaxBytes: {
      pdf: Math.round(e.UPLOAD_MAX_PDF_MB * MB),
      video: Math.round(e.UPLOAD_MAX_VIDEO_MB * MB),
      audio: Math.round(e.UPLOAD_MAX_AUDIO_MB * MB),
      image: Math.round(e.UPLOAD_MAX_IMAGE_MB * MB),
      xlsx: Math.round(e.UPLOAD_MAX_XLSX_MB * MB),
      zip: Math.round(e.UPLOAD_MAX_ZIP_MB * MB),
      text: Math.round(e.UPLOAD_MAX_TEXT_MB * MB),
    },
    // XML parts of a real workbook compress 5-30x; deflate tops out near 1000x.
    xlsxLimits: {
      maxUncompressedBytes: Math.round(e.XLSX_MAX_UNCOMPRESSED_MB * MB),
      maxEntries: e.XLSX_MAX_ENTRIES,
      maxRatio: 200,
    },
    importConcurrency: e.IMPORT_CONCURRENCY,
    importJobMinBytes: Math.round(e.IMPORT_JOB_MIN_MB * MB),
    fileSweep: {
      graceMs: Math.round(e.FILE_SWEEP_GRACE_HOURS * 3_600_000),
      intervalMs: Math.round(e.FILE_SWEEP_INTERVAL_HOURS * 3_600_000),
    },
    http: {
      headersTimeoutMs: e.HEADERS_TIMEOUT,
      requestTimeoutMs: Math.max(e.REQUEST_TIMEOUT, e.HEADERS_TIMEOUT),
      bodyMinBytesPerSecond: Math.round(e.BODY_MIN_RATE_KB * 1024),
    },
    reportsRefreshSeconds: e.REPORTS_REFRESH_SECONDS,
    questionListExactTotal: e.QUESTION_LIST_EXACT_TOTAL,
    questionSimilarityThreshold: e.QUESTION_SIMILARITY_THRESHOLD,
    mailers: {
      perSecond: e.MAILER_RATE_PER_SECOND,
      perHour: e.MAILER_RATE_PER_HOUR,
      concurrency: e.MAILER_CONCURRENCY,
      smtpUrl: e.MAILER_SMTP_URL ?? e.SMTP_URL,
      unsubscribeBaseUrl: (
        e.MAIL_UNSUBSCRIBE_BASE_URL ??
        e.PUBLIC_BASE_URL ??
        `http://localhost:${e.PORT}`
      ).replace(/\/+$/, ''),
      eventsSecret: e.MAIL_EVENTS_SECRET,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          prefix: e.S3_PREFIX,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    push: { provider: e.PUSH_PROVIDER, fcm: fcmConfig(e, base) },
  };
}

/** Generated on first use and kept in DATA_DIR so tokens survive restarts. */
function persistedSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
