import { z } from 'zod';
import { idBody, okSchema, paginated } from './common.ts';
import { ingestBody, ingestResponse } from './learner-events.ts';
import {
  contactListQuery,
  contactMessageSchema,
  createAppKeyBody,
  createAppKeyResponse,
  learnerAppKeySchema,
  learnerDetailSchema,
  learnerExportQuery,
  learnerIdQuery,
  learnerListQuery,
  learnerSchema,
  resetDeviceBody,
  resetDeviceResponse,
  resolveContactBody,
} from './learners.ts';
import { defineRoutes } from './route.ts';

/** The header carrying a learner-app key on the ingest route. */
export const LEARNER_APP_KEY_HEADER = 'x-learner-app-key';
/** A learner's short-lived token from the publisher's backend (docs/security.md item 41). */
export const LEARNER_TOKEN_HEADER = 'x-learner-token';

const learners = { access: 'learners', tag: 'learners' } as const;

export const learnerRoutes = defineRoutes({
  listLearners: {
    ...learners,
    method: 'GET',
    path: '/user/getinfoofusers',
    spec: true,
    summary:
      'Learners, searchable by name, e-mail or phone, filtered by grade, state, city, status and registration days',
    query: learnerListQuery,
    response: paginated(learnerSchema),
  },
  exportLearners: {
    ...learners,
    method: 'GET',
    path: '/user/exportusers',
    summary: "The list's learners (same search, filters and sort) as XLSX",
    query: learnerExportQuery,
    download: true,
  },
  getLearner: {
    ...learners,
    method: 'GET',
    path: '/user/getinfobyuserid',
    spec: true,
    summary:
      'One learner with devices, recent sessions, redemptions, feedback, content views and attempts',
    query: learnerIdQuery,
    response: learnerDetailSchema,
  },
  resetUserDevice: {
    ...learners,
    method: 'POST',
    path: '/user/resetuserdevice',
    spec: true,
    summary:
      "Clears a learner's device binding (one, or all) with a reason, so they can sign in on a new device",
    body: resetDeviceBody,
    response: resetDeviceResponse,
  },
  listContactMessages: {
    access: 'contact_us',
    tag: 'contact_us',
    method: 'GET',
    path: '/user/contactus',
    spec: true,
    summary: 'Contact messages from the learner app, newest first, filtered by new or resolved',
    query: contactListQuery,
    response: paginated(contactMessageSchema),
  },
  resolveContactMessage: {
    access: 'contact_us',
    tag: 'contact_us',
    method: 'POST',
    path: '/user/resolvecontactus',
    summary: 'Marks a contact message resolved, with a note',
    body: resolveContactBody,
    response: contactMessageSchema,
  },
  listLearnerAppKeys: {
    access: 'super_admin',
    tag: 'learner_app',
    method: 'GET',
    path: '/learnerapp/keys',
    summary: 'The learner-app keys (never the keys themselves), newest first',
    response: z.object({ items: z.array(learnerAppKeySchema) }),
  },
  createLearnerAppKey: {
    access: 'super_admin',
    tag: 'learner_app',
    method: 'POST',
    path: '/learnerapp/createkey',
    summary: 'Makes a learner-app key; the answer shows it this once',
    body: createAppKeyBody,
    response: createAppKeyResponse,
  },
  revokeLearnerAppKey: {
    access: 'super_admin',
    tag: 'learner_app',
    method: 'POST',
    path: '/learnerapp/revokekey',
    summary: 'Revokes a learner-app key: the app is refused with it from now on',
    body: idBody,
    response: okSchema,
  },
  ingestEvents: {
    access: 'learner_app',
    tag: 'learner_app',
    method: 'POST',
    path: '/ingest/events',
    // A batch of data from the app, not an admin's change: its trace is the
    // rows themselves (each with its event id) and the key's last use.
    audit: 'none',
    summary: `The learner app's events, up to 1,000 per batch, each checked on its own; header ${LEARNER_APP_KEY_HEADER}`,
    body: ingestBody,
    response: ingestResponse,
  },
});
