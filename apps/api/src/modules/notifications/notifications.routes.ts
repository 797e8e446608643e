import { notificationRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { notificationAction } from './notifications.control.ts';
import { listNotifications } from './notifications.queries.ts';
import { cancelNotification, editNotification, sendNotification } from './notifications.service.ts';

export function notificationsModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, notificationRoutes, {
    sendNotification: ({ body, ctx, admin }) => sendNotification(deps, ctx, admin, body),
    listNotifications: ({ query }) => listNotifications(deps, query),
    editNotification: ({ body, ctx, admin }) => editNotification(deps, ctx, admin, body),
    cancelNotification: ({ body, ctx, admin }) => cancelNotification(deps, ctx, admin, body.id),
    notificationAction: ({ body, ctx, admin }) => notificationAction(deps, ctx, admin, body),
  });
}
