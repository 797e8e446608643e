import { randomUUID } from 'node:crypto';
import { type IngestEventInput, LEARNER_APP_KEY_HEADER } from '@bo/contract';
import type { TestApp } from '../../test/harness.ts';

/** Test helpers of the learners module: an app key, events, and sending them. */

export async function makeAppKey(t: TestApp, token: string, name = 'Learner app'): Promise<string> {
  const res = await t.as(token, {
    method: 'POST',
    url: '/api/learnerapp/createkey',
    payload: { name },
  });
  if (res.statusCode !== 200) throw new Error(`createkey: ${res.statusCode} ${res.body}`);
  return res.json().key;
}

export const ingestRequest = (key: string | undefined, events: unknown[]) => ({
  method: 'POST' as const,
  url: '/api/ingest/events',
  headers: key ? { [LEARNER_APP_KEY_HEADER]: key } : {},
  payload: { events },
});

export const ingest = (t: TestApp, key: string | undefined, events: unknown[]) =>
  t.app.inject(ingestRequest(key, events));

const now = () => new Date().toISOString();

type Extra = Record<string, unknown>;

/** A learner_registered event (a fresh learner unless `learnerId` is given). */
type Registered = IngestEventInput & { learnerId: string; name: string };

export const registered = (extra: Extra = {}): Registered =>
  ({
    id: randomUUID(),
    type: 'learner_registered',
    at: now(),
    learnerId: randomUUID(),
    name: 'Asha Verma',
    email: `asha.${randomUUID().slice(0, 8)}@example.test`,
    phone: '+91 98765 43210',
    city: 'Pune',
    state: 'Maharashtra',
    school: 'City School',
    ...extra,
  }) as Registered;

/** Any other event of `learnerId`, with a fresh id and the current time. */
export const event = (type: string, learnerId: string | null, extra: Extra = {}) =>
  ({ id: randomUUID(), type, at: now(), learnerId, ...extra }) as unknown as IngestEventInput;
