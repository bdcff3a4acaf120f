import { z } from 'zod';
import { errorBodySchema, fileReplySchema } from '../../../shared/schemas/common';
import {
  availabilityBodySchema,
  availabilityReplySchema,
  calendarUrlReplySchema,
  ratesBodySchema,
  ratesReplySchema,
} from '../../../shared/schemas/guide-business';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { GuideBusinessService } from './guide-business.service';

const security = [{ bearerAuth: [] }];
const errors = { 401: errorBodySchema, 403: errorBodySchema };
/** Feed requests per address: calendar apps poll every few minutes to hours. */
export const FEED_LIMIT_PER_MINUTE = 30;

/**
 * The guide's own availability, rates and services, and the secret iCal feed of their bookings.
 * Callers without a guide listing get 403 `not_a_guide`.
 */
export function guideBusinessRoutes(app: AppInstance, service: GuideBusinessService): void {
  scheduleAndRateRoutes(app, service);
  calendarFeedRoutes(app, service);
}

/** The guide's weekly hours and rates: read and set. */
function scheduleAndRateRoutes(app: AppInstance, service: GuideBusinessService): void {
  app.get(
    '/api/v2/guides/me/availability',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['guide-business'],
        summary: "The caller's weekly hours and exceptions from today on (guide's zone)",
        security,
        response: { 200: availabilityReplySchema, ...errors },
      },
    },
    async (request) => service.availability(currentUser(request)),
  );

  app.put(
    '/api/v2/guides/me/availability',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: {
        tags: ['guide-business'],
        summary: "Replace the caller's weekly hours and the exceptions from today on; existing bookings are kept",
        security,
        body: availabilityBodySchema,
        response: { 200: availabilityReplySchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => service.setAvailability(currentUser(request), request.body),
  );

  app.get(
    '/api/v2/guides/me/rates',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['guide-business'],
        summary:
          "The caller's prices (fen), group and duration ranges, services, and booking rules (instant booking and its pause, minimum notice, buffer; decision 153)",
        security,
        response: { 200: ratesReplySchema, ...errors },
      },
    },
    async (request) => service.rates(currentUser(request)),
  );

  app.put(
    '/api/v2/guides/me/rates',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: {
        tags: ['guide-business'],
        summary:
          "Replace the caller's prices, ranges, services and booking rules (omitted ones take their defaults); existing bookings keep their frozen prices",
        security,
        body: ratesBodySchema,
        response: { 200: ratesReplySchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => service.setRates(currentUser(request), request.body),
  );
}

/** The guide's calendar feed: its address, a new one, and the iCal file it serves. */
function calendarFeedRoutes(app: AppInstance, service: GuideBusinessService): void {
  app.get(
    '/api/v2/guides/me/calendar-url',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['guide-business'],
        summary: "The caller's secret calendar (iCal) feed URL, created on first use",
        security,
        response: { 200: calendarUrlReplySchema, ...errors },
      },
    },
    async (request) => service.calendarUrl(currentUser(request)),
  );

  app.post(
    '/api/v2/guides/me/calendar-url/reset',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['guide-business'],
        summary: 'Replace the calendar feed URL; the old one stops working at once',
        security,
        response: { 200: calendarUrlReplySchema, ...errors },
      },
    },
    async (request) => service.resetCalendarUrl(currentUser(request)),
  );

  app.get(
    '/api/ical/:file',
    {
      config: { rateLimit: { max: FEED_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['guide-business'],
        summary: "A guide's bookings as an iCalendar feed (RFC 5545), readable by whoever holds the secret URL",
        params: z.object({
          file: z
            .string()
            .max(64)
            .regex(/^[A-Za-z0-9_-]+\.ics$/),
        }),
        response: { 200: fileReplySchema },
      },
    },
    async (request, reply) => {
      const body = await service.feed(request.params.file.slice(0, -4));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="tabi-tours.ics"')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );
}
