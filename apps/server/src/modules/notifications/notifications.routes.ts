import {
  notificationsList,
  publishAnnouncement,
  setNotificationsDismissed,
  setNotificationsRead,
} from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { NotificationsService } from './notifications.service';

export const notificationsRoutes = (app: FastifyInstance, notifications: NotificationsService) => {
  route(app, notificationsList, ({ principal, input }) => notifications.list(principal, input));
  route(app, setNotificationsRead, async ({ principal, input }) => ({
    ok: true as const,
    changed: await notifications.setRead(principal, input.notificationTargetIds),
  }));
  route(app, setNotificationsDismissed, async ({ principal, input }) => ({
    ok: true as const,
    changed: await notifications.setDismissed(principal, input.notificationTargetIds),
  }));
  route(app, publishAnnouncement, ({ principal, input }) => notifications.publishAnnouncement(principal, input));
};
