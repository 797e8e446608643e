import type { testSendBody } from '@bo/contract';
import escapeHtml from 'escape-html';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { UNSUBSCRIBE_PLACEHOLDER } from './mail.blocks.ts';
import { sendMail } from './mail.system.ts';
import { previewTemplate } from './mail.templates.ts';
import { testUnsubscribeUrl } from './mail.unsubscribe.ts';

/**
 * A test send of the template being written: filled in as the preview is
 * (the sample learner or a chosen one), marked as a test in the subject and
 * in a line above the body, and mailed to the admin or to a few addresses
 * through the system mail's queue (sent when the audit row commits,
 * retried through an SMTP outage). The route allows 20 a 10 minutes.
 */
export async function sendTestMail(
  deps: Deps,
  ctx: RequestContext,
  admin: AuthAdmin,
  body: z.infer<typeof testSendBody>,
) {
  const preview = await previewTemplate(deps, body);
  // A blocks footer's link leads to a page saying what it does for a learner (mail.unsubscribe.ts).
  const link = (t: string) => t.replaceAll(UNSUBSCRIBE_PLACEHOLDER, testUnsubscribeUrl(deps));
  const filled = { ...preview, html: link(preview.html), text: link(preview.text) };
  const to = body.to ?? [admin.email];
  const note = `Test of a template, with ${filled.learner.name}'s values. Learners get it without this line, and with an unsubscribe link at the end.`;
  await deps.db.transaction(async (tx) => {
    for (const address of to)
      await sendMail(
        deps,
        tx,
        {
          to: address,
          subject: `[Test] ${filled.subject}`,
          html: `<p style="font-size:12px;color:#666666;border-bottom:1px solid #dddddd;padding-bottom:8px">${escapeHtml(note)}</p>\n${filled.html}`,
          text: `${note}\n\n${filled.text}`,
        },
        admin.id,
      );
    await recordAudit(tx, ctx, {
      action: 'mail_template_test_sent',
      entity: 'mail_template',
      entityId: null,
      after: { to, subject: body.subject, learnerId: filled.learner.id },
    });
  });
  return { sent: to };
}
