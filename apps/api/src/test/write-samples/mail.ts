import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { deliveries, mailers } from '../../db/schema/index.ts';
import { mk, post, type Samples, unique, upload, type World } from './kit.ts';
import { learnerWithDevice } from './learners.ts';

/** A saved template with a variable. */
export const template = (w: World) =>
  mk(w, '/mail/createtemplate', {
    name: unique('Welcome'),
    subject: 'Hello {{first_name}}',
    html: '<p>Dear {{name}}, welcome.</p>',
  });

/** A campaign to one learner. */
async function mailer(w: World) {
  const learner = await learnerWithDevice(w);
  const t = await template(w);
  return mk(w, '/mail/sendmailer', {
    templateId: t.id,
    audience: { kind: 'list', entries: [String(learner.id)] },
    idempotencyKey: randomUUID(),
  });
}

/** What the mail module's write routes are called with in the audit walk. */
export const mailSamples = {
  uploadMailerImage: async (w) => {
    const { TINY_PNG } = await import('../../modules/media/media.fixtures.ts');
    return upload(w, '/mail/uploademailerimage', TINY_PNG, 'banner.png');
  },
  createTemplate: async (w) =>
    post(
      '/mail/createtemplate',
      { name: unique('Template'), subject: 'News for {{name}}', html: '<p>Hi {{first_name}}</p>' },
      w.token,
    ),
  editTemplate: async (w) => {
    const t = await template(w);
    return post(
      '/mail/edittemplate',
      { id: t.id, name: unique('Renamed'), subject: 'Hi', html: '<p>Changed</p>' },
      w.token,
    );
  },
  previewTemplate: async (w) =>
    post('/mail/previewtemplate', { subject: 'Hi {{name}}', html: '<p>{{city}}</p>' }, w.token),
  testSendTemplate: async (w) =>
    post(
      '/mail/testsendtemplate',
      { subject: 'Hi {{first_name | "there"}}', html: '<p>{{city}}</p>', to: ['qa@example.test'] },
      w.token,
    ),
  previewMailer: async (w) => {
    const t = await template(w);
    return post('/mail/previewmailer', { templateId: t.id, audience: { kind: 'all' } }, w.token);
  },
  sendMailer: async (w) => {
    const learner = await learnerWithDevice(w);
    const t = await template(w);
    return post(
      '/mail/sendmailer',
      {
        templateId: t.id,
        audience: { kind: 'list', entries: [String(learner.id)] },
        idempotencyKey: randomUUID(),
      },
      w.token,
    );
  },
  mailerAction: async (w) => {
    // Paused directly: the one-learner campaign may have finished before a pause could land.
    const m = await mailer(w);
    const [row] = await w.t.app.deps.db
      .select({ deliveryId: mailers.deliveryId })
      .from(mailers)
      .where(eq(mailers.id, m.id));
    await w.t.app.deps.db
      .update(deliveries)
      .set({ status: 'paused' })
      .where(eq(deliveries.id, row!.deliveryId));
    return post('/mail/mailerstate', { id: m.id, action: 'resume' }, w.token);
  },
} satisfies Samples;
