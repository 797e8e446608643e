import { mailRoutes, mailSuppressionRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { registerMailEventsWebhook } from './mail.events-webhook.ts';
import { serveMailerImage, uploadMailerImage } from './mail.images.ts';
import { getMailer, listMailers, mailerAction, previewMailer, sendMailer } from './mail.mailers.ts';
import { mailerRecipients } from './mail.recipients.ts';
import { mailerResults, mailerResultsFile } from './mail.results.ts';
import { sendTestMail } from './mail.send-test.ts';
import { listSuppressions, removeSuppression } from './mail.suppression.ts';
import {
  createTemplate,
  editTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  searchLearners,
} from './mail.templates.ts';
import { registerTrackingRoutes } from './mail.tracking.ts';
import { registerUnsubscribeRoutes } from './mail.unsubscribe.ts';

/** E-mail templates and mailers (docs/domain.md, Mail). */
export function mailModule(app: FastifyInstance, deps: Deps) {
  registerUnsubscribeRoutes(app, deps);
  registerMailEventsWebhook(app, deps);
  registerRoutes(app, deps, mailSuppressionRoutes, {
    listSuppressions: ({ query }) => listSuppressions(deps, query),
    removeSuppression: ({ body, ctx }) => removeSuppression(deps, ctx, body),
  });
  registerTrackingRoutes(app, deps);
  registerRoutes(app, deps, mailRoutes, {
    uploadMailerImage: ({ upload, ctx, admin }) => uploadMailerImage(deps, ctx, admin, upload),
    mailerImage: ({ query }) => serveMailerImage(deps, query),
    createTemplate: ({ body, ctx, admin }) => createTemplate(deps, ctx, admin, body),
    editTemplate: ({ body, ctx }) => editTemplate(deps, ctx, body),
    listTemplates: ({ query }) => listTemplates(deps, query),
    getTemplate: ({ query }) => getTemplate(deps, query.id),
    previewTemplate: ({ body }) => previewTemplate(deps, body),
    testSendTemplate: ({ body, ctx, admin }) => sendTestMail(deps, ctx, admin, body),
    mailLearners: ({ query }) => searchLearners(deps, query.q),
    previewMailer: ({ body }) => previewMailer(deps, body),
    sendMailer: ({ body, ctx, admin }) => sendMailer(deps, ctx, admin, body),
    listMailers: ({ query }) => listMailers(deps, query),
    getMailer: ({ query }) => getMailer(deps.db, query.id),
    mailerRecipients: ({ query }) => mailerRecipients(deps, query),
    mailerResults: ({ query }) => mailerResults(deps, query.id),
    mailerResultsDownload: ({ query }) => mailerResultsFile(deps, query.id),
    mailerAction: ({ body, ctx }) => mailerAction(deps, ctx, body),
  });
}
