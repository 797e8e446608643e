import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Deps } from './deps.ts';
import type { JobKind } from './jobs/job.ts';
import { JobQueue } from './jobs/queue.ts';
import { JOBS } from './jobs/registry.ts';
import { AuthCache } from './lib/auth-cache.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { closeDeliveryChannels } from './lib/delivery/engine.ts';
import { createMailer, type Mailer } from './lib/delivery/smtp.ts';
import { Faults } from './lib/faults.ts';
import { registerMethodFallbacks } from './lib/register-routes.ts';
import { adminsModule } from './modules/admins/admins.routes.ts';
import { audiencesModule } from './modules/audiences/audiences.routes.ts';
import { auditModule } from './modules/audit/audit.routes.ts';
import { authModule } from './modules/auth/auth.routes.ts';
import { booksModule } from './modules/books/books.routes.ts';
import { bulkEditsModule } from './modules/bulk-edits/bulk-edits.routes.ts';
import { curriculumModule } from './modules/curriculum/curriculum.routes.ts';
import { diagnosticTestsModule } from './modules/diagnostic-tests/diagnostic-tests.routes.ts';
import { engagementAppModule } from './modules/engagement-app/engagement-app.routes.ts';
import { engagementImagesModule } from './modules/engagement-images/engagement-images.routes.ts';
import { freeContentModule } from './modules/free-content/free-content.routes.ts';
import { jobsModule } from './modules/jobs/jobs.routes.ts';
import { learnersModule } from './modules/learners/learners.routes.ts';
import { mailModule } from './modules/mail/mail.routes.ts';
import { mediaModule } from './modules/media/media.routes.ts';
import { mockTestsModule } from './modules/mock-tests/mock-tests.routes.ts';
import { notificationsModule } from './modules/notifications/notifications.routes.ts';
import { popupsModule } from './modules/popups/popups.routes.ts';
import { practicesModule } from './modules/practices/practices.routes.ts';
import { promoVideosModule } from './modules/promo-videos/promo-videos.routes.ts';
import { qrCodesModule } from './modules/qr-codes/qr-codes.routes.ts';
import { questionsModule } from './modules/questions/questions.routes.ts';
import { reportsModule } from './modules/reports/reports.routes.ts';
import { savedViewsModule } from './modules/saved-views/saved-views.routes.ts';
import { searchModule } from './modules/search/search.routes.ts';
import { systemModule } from './modules/system/system.routes.ts';
import { tocModule } from './modules/toc/toc.routes.ts';
import { videoQuizzesModule } from './modules/video-quizzes/video-quizzes.routes.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { httpServerOptions, registerSlowBodyGuard } from './plugins/http-limits.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { createStorage, registerMultipart, watchFreeSpace } from './plugins/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Job kinds beyond the product's own (tests add kinds of their own). */
  jobKinds?: JobKind[];
  /** Pino options; false silences the log (tests). */
  logger?: boolean | object;
  /** Tests: a write that breaks its audit declaration fails loudly (see lib/audit-default.ts). */
  strictAudit?: boolean;
  /** Tests: an error answer that its route does not declare fails loudly (see lib/declared-errors.ts). */
  strictErrors?: boolean;
}

/** Feature modules: each registers its contract routes. Later features add a line. */
const MODULES = [
  systemModule,
  authModule,
  adminsModule,
  auditModule,
  curriculumModule,
  booksModule,
  mediaModule,
  tocModule,
  jobsModule,
  questionsModule,
  practicesModule,
  mockTestsModule,
  diagnosticTestsModule,
  videoQuizzesModule,
  qrCodesModule,
  mailModule,
  learnersModule,
  freeContentModule,
  promoVideosModule,
  reportsModule,
  audiencesModule,
  engagementImagesModule,
  notificationsModule,
  popupsModule,
  engagementAppModule,
  searchModule,
  savedViewsModule,
  bulkEditsModule,
];

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers.cookies'],
            serializers: { req: serializeRequest },
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
          },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    ...httpServerOptions(config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jobs = new JobQueue(opts.database, [...JOBS, ...(opts.jobKinds ?? [])], () => deps);
  const faults = new Faults();
  const deps: Deps = {
    config,
    jobs,
    database: opts.database,
    db: opts.database.db,
    clock: opts.clock ?? systemClock,
    authCache: new AuthCache(),
    strictAudit: opts.strictAudit ?? false,
    strictErrors: opts.strictErrors ?? false,
    faults,
    storage: watchFreeSpace(createStorage(config), faults),
    log: app.log,
    mailer:
      opts.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
      }),
  };
  app.decorate('deps', deps);
  // The database ending a session costs the requests on it, never the process (db/postgres-pool.ts).
  opts.database.onConnectionError?.((err) =>
    app.log.warn(
      { err: err.message },
      'a database connection was lost; it is replaced on the next request',
    ),
  );
  app.decorateRequest('admin', null);

  registerErrorHandler(app);
  registerSlowBodyGuard(app, config);
  await registerSecurity(app);
  await registerOpenApi(app);
  await registerMultipart(app, config);
  for (const mod of MODULES) mod(app, deps);
  registerMethodFallbacks(app);
  await registerSpa(app, config.webDist);
  // Connections busy with a request when the close began go idle only later,
  // and a kept-alive idle connection (72 s) would hold the close open past the
  // 10 s shutdown: they are closed as they go idle (active ones finish first).
  app.addHook('preClose', (done) => {
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
    done();
  });
  // The queue runs with the app: started once it is ready, drained when it closes.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    closeDeliveryChannels(deps);
    deps.mailer.close();
    deps.storage.close?.();
  });
  return app;
}

/**
 * Fastify's request serializer with the URL's secret query values masked: an
 * invitation link (`/api/auth/invite?token=…`) must not land in the log.
 */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: req.url.replace(
      /([?&][^=&#]*(?:token|code|otp|pass|secret)[^=&#]*=)[^&#]*/gi,
      '$1[redacted]',
    ),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
