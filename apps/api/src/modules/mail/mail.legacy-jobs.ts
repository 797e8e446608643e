import { eq } from 'drizzle-orm';
import { mailers } from '../../db/schema/index.ts';
import { defineJob } from '../../jobs/job.ts';
import { queueSealed } from './mail.system.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    'mail.send': { sealed: string };
    'mailers.send': { mailerId: number };
  }
}

/**
 * Jobs queued before the delivery engine (migration 0025) and still waiting
 * at the upgrade: each becomes its delivery's job, so nothing queued then is
 * lost. No code queues these kinds any more.
 */
export const legacyMailJob = defineJob({
  kind: 'mail.send',
  retryLimit: 6,
  retryDelaySeconds: 5,
  async run(data, ctx) {
    await queueSealed(ctx.deps, ctx.deps.db, data.sealed, ctx.by);
    return { movedTo: 'delivery.now' };
  },
});

export const legacyMailerJob = defineJob({
  kind: 'mailers.send',
  retryLimit: 6,
  retryDelaySeconds: 5,
  async run(data, ctx) {
    const [m] = await ctx.deps.db
      .select({ deliveryId: mailers.deliveryId })
      .from(mailers)
      .where(eq(mailers.id, data.mailerId));
    if (m) await ctx.deps.jobs.enqueue(ctx.deps.db, 'delivery.send', { deliveryId: m.deliveryId });
    return { movedTo: 'delivery.send' };
  },
});
