import { sql } from 'drizzle-orm';
import { next, post, type Samples } from './kit.ts';

/** What the suppression list's write routes are called with in the audit walk. */
export const mailSuppressionSamples = {
  removeSuppression: async (w) => {
    const email = `bounced-${next()}-${Date.now()}@example.test`;
    await w.t.app.deps.db.execute(
      sql`insert into mail_suppressions (email, reason) values (${email}, 'bounced')`,
    );
    return post('/mail/removesuppression', { email }, w.token);
  },
} satisfies Samples;
