import { randomUUID } from 'node:crypto';
import {
  event,
  ingestRequest,
  makeAppKey,
  registered,
} from '../../modules/learners/learners.testing.ts';
import { made, post, type Samples, unique, type World } from './kit.ts';

/** A learner sent by the app with one bound device; its back-office id. */
export async function learnerWithDevice(w: World) {
  const key = await makeAppKey(w.t, w.token);
  const learner = registered({ name: unique('Learner') });
  const res = await w.t.app.inject(
    ingestRequest(key, [
      learner,
      event('device_bound', learner.learnerId, { deviceId: randomUUID(), platform: 'android' }),
    ]),
  );
  if (res.json().accepted !== 2) throw new Error(`ingest: ${res.body}`);
  const list = await w.t.as(w.token, {
    method: 'GET',
    url: `/api/user/getinfoofusers?q=${encodeURIComponent(learner.name as string)}`,
  });
  return { id: list.json().items[0].id as number, key };
}

/** Learners: device resets, contact messages, the app's keys and its ingest. */
export const learnersSamples = {
  createLearnerAppKey: async (w) => post('/learnerapp/createkey', { name: unique('Key') }, w.token),
  revokeLearnerAppKey: async (w) => {
    const { item } = await made<{ item: { id: number } }>(
      w,
      post('/learnerapp/createkey', { name: unique('Key') }, w.token),
    );
    return post('/learnerapp/revokekey', { id: item.id }, w.token);
  },
  ingestEvents: async (w) => ({
    req: ingestRequest(await makeAppKey(w.t, w.token), [registered()]),
  }),
  resetUserDevice: async (w) =>
    post(
      '/user/resetuserdevice',
      { id: (await learnerWithDevice(w)).id, reason: 'New phone' },
      w.token,
    ),
  resolveContactMessage: async (w) => {
    const key = await makeAppKey(w.t, w.token);
    const subject = unique('Subject');
    await w.t.app.inject(
      ingestRequest(key, [
        event('contact_message', null, { name: 'Visitor', subject, message: 'Hello' }),
      ]),
    );
    const list = await w.t.as(w.token, {
      method: 'GET',
      url: `/api/user/contactus?q=${encodeURIComponent(subject)}`,
    });
    return post(
      '/user/resolvecontactus',
      { id: list.json().items[0].id, note: 'Answered' },
      w.token,
    );
  },
} satisfies Samples;
