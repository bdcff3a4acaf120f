import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  deleteSystemReplySchema,
  entityParamsSchema,
  markSystemReadReplySchema,
  markSystemReadSchema,
  notificationSettingsReplySchema,
  notificationSettingsSchema,
  systemMessageListQuerySchema,
  systemMessageListSchema,
  systemMessageReplySchema,
  systemMessagesOfEntitySchema,
  systemStatsReplySchema,
  unreadCountReplySchema,
} from '../../../shared/schemas/notifications';
import type { AppInstance } from '../../lib/types';
import { askedLanguage } from '../../lib/request-language';
import { currentUser } from '../auth/index';
import type { NotificationsService } from './notifications.service';

const BASE = '/api/v2/system-messages';
const idParams = z.object({ id: idParam });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const tags = ['notifications'];

type RouteRequest = Parameters<typeof currentUser>[0];
const me = (request: RouteRequest) => currentUser(request).id;
/**
 * Titles and texts come in the language the caller reads now (readerLanguage: the app's choice, else the stored locale,
 * else Accept-Language; decisions 053, 190).
 */
const lang = (service: NotificationsService, request: RouteRequest) =>
  service.readerLocale(me(request), askedLanguage(request));

/** System messages: all authenticated, every reply wrapped in `data`; another user's message is 404. */
export function notificationsRoutes(app: AppInstance, service: NotificationsService): void {
  messageListRoutes(app, service);
  oneMessageRoutes(app, service);
  settingsRoutes(app, service);
}

/**
 * My messages as a whole: the list, how many are unread, the counts, those about one entity, marking some or all read.
 */
function messageListRoutes(app: AppInstance, service: NotificationsService): void {
  app.get(
    BASE,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'My system messages, newest first',
        description:
          "title, message and actionLabel are in the reader's language (en, zh-CN or ja; decision 190): the one chosen in the app (the tabi_locale cookie), else the caller's stored locale, else Accept-Language.",
        querystring: systemMessageListQuerySchema,
        response: { 200: systemMessageListSchema, ...errors },
      },
    },
    async (request) => service.list(me(request), request.query, await lang(service, request)),
  );
  app.get(
    `${BASE}/unread/count`,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'How many of my system messages are unread (expired ones not counted)',
        response: { 200: unreadCountReplySchema, ...errors },
      },
    },
    async (request) => ({ data: { unreadCount: await service.unreadCount(me(request)) } }),
  );
  app.get(
    `${BASE}/stats`,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Counts of my system messages by status and type',
        response: { 200: systemStatsReplySchema, ...errors },
      },
    },
    async (request) => service.stats(me(request)),
  );
  app.get(
    `${BASE}/entity/:type/:id`,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'My system messages about one entity (for example a booking)',
        params: entityParamsSchema,
        response: { 200: systemMessagesOfEntitySchema, ...errors },
      },
    },
    async (request) =>
      service.byEntity(me(request), request.params.type, request.params.id, await lang(service, request)),
  );
  app.patch(
    `${BASE}/read`,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Mark some (messageIds) or all (markAll) of my messages read',
        body: markSystemReadSchema,
        response: { 200: markSystemReadReplySchema, ...errors },
      },
    },
    async (request) => service.markMany(me(request), request.body),
  );
}

/** One of my messages: read, marked read, archived, deleted. */
function oneMessageRoutes(app: AppInstance, service: NotificationsService): void {
  app.get(
    `${BASE}/:id`,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'One of my system messages',
        params: idParams,
        response: { 200: systemMessageReplySchema, ...errors },
      },
    },
    async (request) => service.get(me(request), request.params.id, await lang(service, request)),
  );
  app.patch(
    `${BASE}/:id/read`,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Mark one of my messages read',
        params: idParams,
        response: { 200: systemMessageReplySchema, ...errors },
      },
    },
    async (request) => service.markRead(me(request), request.params.id, await lang(service, request)),
  );
  app.patch(
    `${BASE}/:id/archive`,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Archive one of my messages (an unread one stops counting)',
        params: idParams,
        response: { 200: systemMessageReplySchema, ...errors },
      },
    },
    async (request) => service.archive(me(request), request.params.id, await lang(service, request)),
  );
  app.delete(
    `${BASE}/:id`,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Delete one of my messages',
        params: idParams,
        response: { 200: deleteSystemReplySchema, ...errors },
      },
    },
    async (request) => service.remove(me(request), request.params.id),
  );
}

/** Which notifications I get, per kind, and my choice of them. */
function settingsRoutes(app: AppInstance, service: NotificationsService): void {
  app.get(
    '/api/me/notification-settings',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Which notifications I get, per kind: in-app, browser, e-mail',
        response: { 200: notificationSettingsReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await service.settings(me(request)) }),
  );
  app.put(
    '/api/me/notification-settings',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Choose which notifications I get',
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await service.saveSettings(me(request), request.body) }),
  );
}
