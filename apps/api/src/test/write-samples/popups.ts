import { randomUUID } from 'node:crypto';
import { LEARNER_APP_KEY_HEADER } from '@bo/contract';
import { ingestRequest, makeAppKey, registered } from '../../modules/learners/learners.testing.ts';
import { mk, post, type Samples, unique, type World, type WriteCall } from './kit.ts';

const day = 86_400_000;

/** A pop-up live from now for a day; its id. */
export const popup = (w: World, extra: object = {}) =>
  mk(w, '/user/addpopup', {
    title: unique('Pop-up'),
    audience: { kind: 'all' },
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + day).toISOString(),
    ...extra,
  });

/** A learner sent by the app, and the app's key: what its own paths need. */
export async function appLearner(w: World) {
  const key = await makeAppKey(w.t, w.token);
  const learner = registered({ name: unique('Learner') });
  const res = await w.t.app.inject(ingestRequest(key, [learner]));
  if (res.json().accepted !== 1) throw new Error(`ingest: ${res.body}`);
  return { key, uid: learner.learnerId };
}

const appPost = (key: string, url: string, payload: object): WriteCall => ({
  req: { method: 'POST', url: `/api${url}`, headers: { [LEARNER_APP_KEY_HEADER]: key }, payload },
});

/** Pop-ups, and the learner app's engagement reports. */
export const popupsSamples = {
  savePopup: async (w) =>
    post(
      '/user/addpopup',
      {
        title: unique('Pop-up'),
        audience: { kind: 'all' },
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + day).toISOString(),
      },
      w.token,
    ),
  changePopupStatus: async (w) =>
    post('/user/changepopstatus', { ids: [(await popup(w)).id], status: 'inactive' }, w.token),
  deletePopup: async (w) => post('/user/deletepopup', { id: (await popup(w)).id }, w.token),
  appPopupShown: async (w) => {
    const { key, uid } = await appLearner(w);
    return appPost(key, '/app/popupshown', {
      eventId: randomUUID(),
      learnerId: uid,
      popupId: (await popup(w)).id,
      at: new Date().toISOString(),
    });
  },
  appInboxRead: async (w) => {
    const { key, uid } = await appLearner(w);
    return appPost(key, '/app/inboxread', { learnerId: uid, ids: [1] });
  },
  appPushToken: async (w) => {
    const { key, uid } = await appLearner(w);
    return appPost(key, '/app/pushtoken', {
      learnerId: uid,
      token: `token-${randomUUID()}`,
      platform: 'android',
    });
  },
} satisfies Samples;
