import { defineJob, type JobContext, type JobKind } from '../../jobs/job.ts';
import { runDelivery } from './engine.ts';
import type { DeliveryRegistry } from './types.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    'delivery.send': { deliveryId: number };
    'delivery.now': { deliveryId: number };
  }
}

/**
 * The two queues deliveries run on (ledger.ts, DeliveryLane), over the
 * sources and channels the job registry hands in.
 *
 * - `delivery.send` (mailers, notifications): one delivery at a time per
 *   process, so a channel's rate per second holds; runs of about 20 s, each
 *   queueing the next; many quick retries, since a retry of the same job
 *   takes the lease back at once after a crash.
 * - `delivery.now` (system mails: sign-in codes, invitations, resets): two
 *   at a time, never behind a campaign; an SMTP outage delays them, retried
 *   with backoff for about ten minutes, as before the engine.
 */
export function deliveryJobs(registry: DeliveryRegistry): JobKind[] {
  const run = (retryLimit: number) => deliveryRun(registry, retryLimit);
  return [
    defineJob({
      kind: 'delivery.send',
      retryLimit: 30,
      retryDelaySeconds: 1,
      expireInSeconds: 45,
      concurrency: 1,
      pollSeconds: 1,
      run: run(30),
    }),
    defineJob({
      kind: 'delivery.now',
      retryLimit: 6,
      retryDelaySeconds: 5,
      expireInSeconds: 120,
      concurrency: 2,
      pollSeconds: 1,
      run: run(6),
    }),
  ] as JobKind[];
}

/**
 * A delivery job's run: its last try (attempt 1 + retryLimit) fails the
 * delivery on an error instead of leaving it `sending` with nobody to retry.
 */
export const deliveryRun =
  (registry: DeliveryRegistry, retryLimit: number) =>
  (data: { deliveryId: number }, ctx: JobContext) =>
    runDelivery(ctx.deps, registry, data.deliveryId, ctx, ctx.attempt > retryLimit);
