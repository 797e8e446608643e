import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobKind } from '../../jobs/job.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { waitForJob } from '../../test/jobs.testing.ts';
import { deliveryRun } from './job.ts';
import { insertDelivery } from './ledger.ts';
import type { Channel, DeliveryRegistry, Outcome } from './types.ts';

/**
 * A delivery whose channel stays down: the job retries, and its last try
 * ends the delivery `failed` (rows skipped, its source told) rather than
 * leaving it `sending` with no job left to finish it. Run on the real queue
 * with a test lane whose retries are few and quick; the product's lanes use
 * the same run (deliveryRun), only with more retries.
 */

const RETRIES = 2;
/** Tries the channel refuses, per delivery id (Infinity: down for good). */
const downFor = new Map<number, number>();
const tries = new Map<number, number>();
const sentTo: string[] = [];
const endedWith = new Map<number, string | null>();

const channel: Channel<string> = {
  name: 'test',
  batch: 10,
  async send(batch) {
    const deliveryId = Number(batch[0]!.message.split(':')[0]);
    const n = (tries.get(deliveryId) ?? 0) + 1;
    tries.set(deliveryId, n);
    // What the SMTP adapter answers when the server is unreachable: a temporary failure.
    if (n <= (downFor.get(deliveryId) ?? 0))
      return batch.map((b): Outcome => ({ id: b.row.id, state: 'queued', reason: 'ECONNREFUSED' }));
    sentTo.push(...batch.map((b) => b.row.address!));
    return batch.map((b): Outcome => ({ id: b.row.id, state: 'sent' }));
  },
};

const registry: DeliveryRegistry = {
  sources: [
    {
      name: 'test.last-try',
      channels: ['test'],
      async open(_deps, deliveryId) {
        return {
          async compose(_channel, rows) {
            return new Map(rows.map((r) => [r.id, { message: `${deliveryId}:${r.address}` }]));
          },
        };
      },
      async ended(_deps, _tx, deliveryId, failure) {
        endedWith.set(deliveryId, failure);
      },
    },
  ],
  channels: { test: () => channel },
};

const lane: JobKind = {
  kind: 'test.delivery',
  retryLimit: RETRIES,
  retryDelaySeconds: 1,
  pollSeconds: 0.2,
  run: deliveryRun(registry, RETRIES) as JobKind['run'],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { jobKinds: [lane] });
});
afterAll(() => t?.close());

async function startDelivery(addresses: string[], down: number) {
  return t.app.deps.db.transaction(async (tx) => {
    const id = await insertDelivery(tx, 'test.last-try');
    downFor.set(id, down);
    for (const a of addresses)
      await tx.execute(sql`insert into delivery_recipients (delivery_id, channel, address, state)
        values (${id}, 'test', ${a}, 'queued')`);
    const jobId = await t.app.deps.jobs.enqueue(
      tx,
      'test.delivery' as never,
      {
        deliveryId: id,
      } as never,
    );
    return { id, jobId: jobId! };
  });
}

async function stateOf(id: number) {
  const { rows } = await t.app.deps.database.executeSql(
    `select d.status, d.failure_reason as "failureReason",
       (select json_agg(json_build_object('state', r.state, 'reason', r.reason) order by r.id)
        from delivery_recipients r where r.delivery_id = d.id) as rows
     from deliveries d where d.id = $1`,
    [id],
  );
  return rows[0] as {
    status: string;
    failureReason: string | null;
    rows: { state: string; reason: string | null }[];
  };
}

describe('a delivery on its job’s last try', () => {
  it('sends everything once when the channel comes back before the last try', async () => {
    const { id, jobId } = await startDelivery(['a@example.test', 'b@example.test'], 1);
    const job = await waitForJob(t.app, jobId, 20_000);
    expect(job.state).toBe('completed');
    const s = await stateOf(id);
    expect(s.status).toBe('done');
    expect(s.rows.map((r) => r.state)).toEqual(['sent', 'sent']);
    expect(sentTo.filter((a) => a.endsWith('@example.test')).sort()).toEqual([
      'a@example.test',
      'b@example.test',
    ]);
    expect(endedWith.get(id)).toBeNull();
  });

  it('ends failed with the reason, every row skipped and the source told, when the channel never comes back', async () => {
    const { id, jobId } = await startDelivery(['c@example.org', 'd@example.org'], Infinity);
    const job = await waitForJob(t.app, jobId, 30_000);
    // Tried 1 + RETRIES times, then the job is dead and the delivery failed, not left sending.
    expect(tries.get(id)).toBe(1 + RETRIES);
    expect(job.state).toBe('failed');
    const s = await stateOf(id);
    expect(s.status).toBe('failed');
    expect(s.failureReason).toMatch(/did not take the messages: ECONNREFUSED/);
    expect(s.rows.map((r) => r.state)).toEqual(['skipped', 'skipped']);
    expect(s.rows[0]!.reason).toMatch(/^failed: .*ECONNREFUSED/);
    expect(endedWith.get(id)).toMatch(/ECONNREFUSED/);
    // Nothing holds it: no lease, so no later run can think it still owns it.
    const { rows } = await t.app.deps.database.executeSql(
      'select lease_owner from deliveries where id = $1',
      [id],
    );
    expect(rows[0]!.lease_owner).toBeNull();
  });
});
