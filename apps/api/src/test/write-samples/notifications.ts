import { TINY_PNG } from '../../modules/media/media.fixtures.ts';
import { mk, post, type Samples, unique, upload, type World } from './kit.ts';

const fields = () => ({
  title: unique('Notice'),
  body: 'New chapters are out',
  audience: { kind: 'all' },
  mode: 'draft',
});

/** A draft notification; its id. */
export const draftNotification = (w: World) => mk(w, '/notification/send', fields());

/** Notifications and their images (pop-up images too: one mechanism). */
export const notificationsSamples = {
  sendNotification: async (w) => post('/notification/send', fields(), w.token),
  editNotification: async (w) =>
    post(
      '/notification/editnotification',
      { id: (await draftNotification(w)).id, ...fields() },
      w.token,
    ),
  cancelNotification: async (w) =>
    post('/notification/cancelnotification', { id: (await draftNotification(w)).id }, w.token),
  // A draft's cancel through the controls route (the sending cases: notifications.control.test.ts).
  notificationAction: async (w) =>
    post(
      '/notification/notificationstate',
      { id: (await draftNotification(w)).id, action: 'cancel' },
      w.token,
    ),
  uploadNotificationImage: async (w) =>
    upload(w, '/notification/uploadimage', TINY_PNG, 'notice.png'),
  uploadPopupImage: async (w) => upload(w, '/user/uploadpopupimage', TINY_PNG, 'popup.png'),
} satisfies Samples;
