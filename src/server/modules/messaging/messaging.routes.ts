import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  conversationListQuerySchema,
  conversationListSchema,
  conversationReplySchema,
  markReadReplySchema,
  markReadSchema,
  messagesPageSchema,
  messagesQuerySchema,
  openConversationSchema,
  rejectTourRequestSchema,
  sendMessageReplySchema,
  sendMessageSchema,
  sendTourRequestSchema,
  totalUnreadSchema,
} from '../../../shared/schemas/messaging';
import { messageSchema } from '../../../shared/schemas/messaging';
import { AppError } from '../../lib/app-error';
import { askedLanguage } from '../../lib/request-language';
import type { AppInstance } from '../../lib/types';
import { currentClaims, currentUser } from '../auth/index';
import type { MessagingService } from './messaging.service';
import type { TourRequestsService } from './tour-requests.service';
import { SENDS_PER_MINUTE } from './send-rules';

const idParams = z.object({ id: idParam });
const tourParams = z.object({ id: idParam, messageId: idParam });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['messaging'];

/**
 * Conversations and messages (Conversations and real time). A conversation the
 * caller is not in is 404, like one that does not exist.
 */
export function messagingRoutes(app: AppInstance, service: MessagingService, tourRequests: TourRequestsService): void {
  conversationRoutes(app, service);
  messageRoutes(app, service);
  tourRequestRoutes(app, tourRequests);
  readingRoutes(app, service);
}

/** Conversations: opened and listed. */
function conversationRoutes(app: AppInstance, service: MessagingService): void {
  app.post(
    '/api/conversations',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Open a conversation with a guide (or get the existing one)',
        body: openConversationSchema,
        response: { 200: conversationReplySchema, 201: conversationReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { data, created } = await service.open(
        user,
        request.body.guideId,
        await service.readerLocale(user, askedLanguage(request)),
      );
      return reply.status(created ? 201 : 200).send({ data });
    },
  );

  app.get(
    '/api/conversations',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'My conversations, latest activity first',
        description:
          "A tour request's lastMessage is a summary in the reader's language (en, zh-CN or ja): lang, else the app's choice (the tabi_locale cookie), else the caller's stored locale, else Accept-Language. With machine translation on (decision 173), a lastMessage the other side wrote in another language carries lastMessageLanguage, lastMessageTranslated (the line in the reader's language) and, while it is missing, lastMessageTranslation.status; lastMessage stays the original.",
        querystring: conversationListQuerySchema,
        response: { 200: conversationListSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return service.list(user, await service.readerLocale(user, askedLanguage(request)));
    },
  );
}

/** A conversation's messages: read and sent. */
function messageRoutes(app: AppInstance, service: MessagingService): void {
  app.get(
    '/api/conversations/:id/messages',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Messages of a conversation, paging backwards (before = an id, limit)',
        description:
          "With machine translation on (decision 145), the other side's messages in another language than the reader's (lang, else the app's choice (the tabi_locale cookie), else the stored locale, else Accept-Language) carry bodyLanguage, translated and, while it is missing, translation.status.",
        params: idParams,
        querystring: messagesQuerySchema,
        response: { 200: messagesPageSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const reader = await service.readerTextLanguage(user, askedLanguage(request));
      return service.messages(user, request.params.id, request.query, reader);
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      // The token here; the session and the sender's pace in the send's one statement (decisions 089 and
      // 160): 60 messages a minute per sender, not per address, and no round trip to Redis before it.
      onRequest: app.requireToken,
      schema: {
        tags,
        summary: 'Send a message (idempotent per clientMessageId: a repeat returns the same message with 200)',
        description: `A sender may send ${SENDS_PER_MINUTE} messages in any minute, across their conversations; past that, 429 rate_limited with Retry-After (a repeat of a sent clientMessageId is still answered).`,
        params: idParams,
        body: sendMessageSchema,
        response: { 200: sendMessageReplySchema, 201: sendMessageReplySchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const claims = currentClaims(request);
      const { data, credits, created } = await service.send(
        { id: claims.userId, sessionId: claims.sessionId },
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ data, credits });
    },
  );
}

/** A tour request in a conversation: sent, accepted, rejected. */
function tourRequestRoutes(app: AppInstance, service: TourRequestsService): void {
  app.post(
    '/api/conversations/:id/tour-requests',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Send a tour request message (traveler): date, time, meal, transport, tickets, meeting place',
        description:
          'The note, itinerary, group and meeting place refuse contact details in any disguise: 400 contact_details_not_allowed, ' +
          "each field named in the writer's language (decision 205).",
        params: idParams,
        body: sendTourRequestSchema,
        response: { 200: sendMessageReplySchema, 201: sendMessageReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { data, credits, created } = await service.sendTourRequest(
        currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ data, credits });
    },
  );

  app.post(
    '/api/conversations/:id/tour-requests/:messageId/accept',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Accept a tour request (guide): creates a pending booking for the traveler to pay',
        params: tourParams,
        response: { 200: z.object({ data: messageSchema }), ...errors },
      },
    },
    async (request) => service.acceptTourRequest(currentUser(request), request.params.id, request.params.messageId),
  );

  app.post(
    '/api/conversations/:id/tour-requests/:messageId/reject',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Reject a tour request (guide) with a chosen reason; confirm must be true',
        params: tourParams,
        body: rejectTourRequestSchema,
        response: { 200: z.object({ data: messageSchema }), ...errors },
      },
    },
    async (request) =>
      service.rejectTourRequest(currentUser(request), request.params.id, request.params.messageId, request.body.reason),
  );
}

/** What has been read: a conversation marked read, and the unread count. */
function readingRoutes(app: AppInstance, service: MessagingService): void {
  app.post(
    '/api/conversations/:id/mark-read',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Mark every message of the conversation read by me (body userId, if sent, must be mine)',
        params: idParams,
        body: markReadSchema.nullish(),
        response: { 200: markReadReplySchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.body?.userId != null && request.body.userId !== user.id)
        throw new AppError('not_found', 'Conversation not found');
      return service.markRead(user, request.params.id);
    },
  );

  app.get(
    '/api/conversations/total-unread-count/:userId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'My unread counts: chat, system and total (only for my own user id)',
        params: z.object({ userId: idParam }),
        response: { 200: totalUnreadSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.params.userId !== user.id) throw new AppError('not_found', 'Not found');
      return service.totalUnread(user.id);
    },
  );
}
