import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import { readerLangSchema } from '../../../shared/schemas/guides';
import {
  adminSupportListQuerySchema,
  adminSupportMetricsQuerySchema,
  adminSupportMetricsSchema,
  adminSupportThreadSchema,
  createSupportThreadReplySchema,
  createSupportThreadSchema,
  postSupportMessageSchema,
  publicConfigSchema,
  SUPPORT_KEY_HEADER,
  supportMessageSchema,
  supportThreadMessagesSchema,
  supportThreadSchema,
  supportThreadStatusSchema,
} from '../../../shared/schemas/support';
import type { AppInstance } from '../../lib/types';
import { askedLanguage } from '../../lib/request-language';
import { currentUser } from '../auth/index';
import { publicPaymentConfig } from '../payments/index';
import * as service from './support.service';
import { supportMetrics, type SupportDeps } from './urgent';

const threadParams = z.object({ id: idParam });
const afterQuery = z.object({ after: z.coerce.number().int().min(0).max(2_147_483_647).optional() });
/** The language an admin reads visitors' messages in (machine translation, decision 146). */
const readerQuery = z.object({ lang: readerLangSchema });
/** Signed-in visitors use their token; anonymous ones the key they got with the conversation. */
const bearerOrVisitorKey: Record<string, string[]>[] = [{ bearerAuth: [] }, { supportKey: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

const caller = (request: FastifyRequest): service.SupportCaller => {
  const key = request.headers[SUPPORT_KEY_HEADER];
  return { user: request.user, visitorKey: typeof key === 'string' && key.length <= 200 ? key : undefined };
};

/**
 * The support inbox (docs/rules/messaging.md support widget). Visitors — signed in through their token, or
 * anonymous through the thread key in the `x-support-key` header — open a conversation, read it and
 * write to it; admins list every conversation and answer. Rate limits are per client address.
 */
export function supportRoutes(app: AppInstance, deps: SupportDeps): void {
  openingRoutes(app, deps);
  visitorThreadRoutes(app, deps);
  adminInboxRoutes(app, deps);
  adminStatusRoutes(app, deps);
}

/** The public settings the widget reads, and a visitor opening a conversation. */
function openingRoutes(app: AppInstance, deps: SupportDeps): void {
  app.get(
    '/api/config/public',
    {
      schema: {
        tags: ['platform'],
        summary: 'Public settings the web app needs (which support widget to load, which payment provider runs)',
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({
      support: app.ctx.config.support,
      payments: publicPaymentConfig(app.ctx.config),
      travelCreditCents: app.ctx.config.payments.travelCreditCents,
      wechatLogin: app.ctx.config.wechat !== null,
    }),
  );

  app.post(
    '/api/support/threads',
    {
      onRequest: app.optionalAuth,
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['support'],
        summary: 'Start a support conversation (anonymous visitors get a key, returned once)',
        description:
          'With `urgent: true` and `bookingId` ("Help now", decision 132): the signed-in traveler or guide of that booking, on its day ' +
          "(else 404 for another's booking, 409 `not_on_trip` outside the day); the optional `location` is the phone's, sent only if the traveler allows it.",
        body: createSupportThreadSchema,
        response: { 201: createSupportThreadReplySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createThread(deps, caller(request), request.body)),
  );
}

/** A visitor's conversations: listed, read and written to. */
function visitorThreadRoutes(app: AppInstance, deps: SupportDeps): void {
  app.get(
    '/api/support/threads',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['support'],
        summary: "The signed-in user's support conversations",
        response: { 200: z.object({ data: z.array(supportThreadSchema) }), ...errors },
      },
    },
    async (request) => service.listMyThreads(deps.db, currentUser(request)),
  );

  app.get(
    '/api/support/threads/:id/messages',
    {
      onRequest: app.optionalAuth,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['support'],
        summary: 'Read a conversation (its owner, or the holder of its visitor key)',
        security: bearerOrVisitorKey,
        params: threadParams,
        querystring: afterQuery,
        response: { 200: supportThreadMessagesSchema, ...errors },
      },
    },
    async (request) => service.readThread(deps.db, caller(request), request.params.id, request.query.after),
  );

  app.post(
    '/api/support/threads/:id/messages',
    {
      onRequest: app.optionalAuth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['support'],
        summary: 'Write in a conversation as its visitor',
        security: bearerOrVisitorKey,
        params: threadParams,
        body: postSupportMessageSchema,
        response: { 201: z.object({ message: supportMessageSchema }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.postVisitorMessage(deps, caller(request), request.params.id, request.body.body)),
  );
}

/** The admin inbox, invisible to everyone else (404): every conversation, read and answered. */
function adminInboxRoutes(app: AppInstance, deps: SupportDeps): void {
  app.get(
    '/api/admin/support/threads',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Support inbox: urgent threads waiting first, then by reply deadline (`replyBy`), then newest activity',
        querystring: adminSupportListQuerySchema,
        response: {
          200: z.object({
            data: z.array(adminSupportThreadSchema),
            total: z.number().int(),
            page: z.number().int(),
            limit: z.number().int(),
          }),
          ...errors,
        },
      },
    },
    async (request) => service.adminListThreads(deps, request.query),
  );

  app.get(
    '/api/admin/support/threads/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'One support conversation with all its messages',
        description:
          "With machine translation on (decision 146), the visitor's messages in another language than the admin's (lang, else the app's choice (the tabi_locale cookie), else the admin's stored locale, else Accept-Language) carry bodyLanguage, translated and, while it is missing, translation.status; body stays the original.",
        params: threadParams,
        querystring: readerQuery,
        response: {
          200: z.object({ thread: adminSupportThreadSchema, messages: z.array(supportMessageSchema) }),
          ...errors,
        },
      },
    },
    async (request) => {
      const reader = await deps.translations.readerLanguage(currentUser(request).id, askedLanguage(request));
      return service.adminReadThread(deps, request.params.id, reader, currentUser(request).id);
    },
  );

  app.post(
    '/api/admin/support/threads/:id/messages',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Answer a support conversation',
        params: threadParams,
        body: postSupportMessageSchema,
        response: { 201: z.object({ message: supportMessageSchema }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.adminReply(deps, currentUser(request), request.params.id, request.body.body)),
  );
}

/** The admin's status of a conversation, and the inbox's figures. */
function adminStatusRoutes(app: AppInstance, deps: SupportDeps): void {
  app.patch(
    '/api/admin/support/threads/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Close or reopen a support conversation',
        params: threadParams,
        body: z.object({ status: supportThreadStatusSchema }),
        response: { 200: z.object({ thread: supportThreadSchema }), ...errors },
      },
    },
    async (request) => service.adminSetStatus(deps.db, currentUser(request), request.params.id, request.body.status),
  );
  app.get(
    '/api/admin/support/metrics',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Support first-reply times (median, 90th percentile, seconds), urgent and other apart, and how many wait past their deadline',
        querystring: adminSupportMetricsQuerySchema,
        response: { 200: adminSupportMetricsSchema, ...errors },
      },
    },
    async (request) => supportMetrics(deps, request.query.days),
  );
}
