import { z } from 'zod';
import { todayInZone } from '../../../shared/availability';
import { zonedTimeToUtc, zoneOffsetMinutes } from '../../../shared/booking/schedule';
import type { AppInstance } from '../../lib/types';
import { latestMails } from '../mail/index';
import { latestSmsTo } from '../sms/index';
import { findBookingRow, moveBookingToNow, staleSessionProofs } from './dev.repository';

const outboxEntrySchema = z.object({
  id: z.number(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  template: z.string(),
  status: z.string(),
  createdAt: z.date(),
});

/**
 * Test helpers, registered only when NODE_ENV is `test`: the browser tests read the password-reset
 * e-mail from here instead of a real mailbox. Never in development either: a deployment started
 * without NODE_ENV would otherwise hand everyone's reset links to anyone. Developers find the link
 * in the server log.
 */
export function devRoutes(app: AppInstance, needs: { endCodePause: (phone: string) => Promise<void> }): void {
  if (app.ctx.config.env !== 'test') return;
  outboxRoutes(app, needs);
  clockRoutes(app);
}

/** What the outbox sent: e-mails and texts, and a number's pause ended. */
function outboxRoutes(app: AppInstance, needs: { endCodePause: (phone: string) => Promise<void> }): void {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'The latest e-mails in the outbox (NODE_ENV=test only)',
        querystring: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(50).default(10) }),
        response: { 200: z.object({ data: z.array(outboxEntrySchema) }) },
      },
    },
    async (request) => {
      const rows = await latestMails(app.ctx.database.db, 200);
      const to = request.query.to?.toLowerCase();
      const data = rows.filter((r) => !to || r.toAddress.toLowerCase() === to).slice(0, request.query.limit);
      return { data };
    },
  );

  // The browser tests read a sign-in code here instead of from a phone (decision 147).
  app.get(
    '/api/dev/sms',
    {
      schema: {
        tags: ['dev'],
        summary: 'The latest text messages to a number (NODE_ENV=test only)',
        querystring: z.object({ to: z.string().max(32), limit: z.coerce.number().int().min(1).max(50).default(10) }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                toPhone: z.string(),
                body: z.string(),
                template: z.string(),
                status: z.string(),
                createdAt: z.date(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const rows = await latestSmsTo(app.ctx.database.db, request.query.to.trim(), request.query.limit);
      return {
        data: rows.map(({ id, toPhone, body, template, status, createdAt }) => ({
          id,
          toPhone,
          body,
          template,
          status,
          createdAt,
        })),
      };
    },
  );

  // A number may be sent a code once a minute (decision 147); the browser test of that pause sees it
  // refused, then ends it here rather than waiting the minute out.
  app.post(
    '/api/dev/sms/pause-ended',
    {
      schema: {
        tags: ['dev'],
        summary: 'End the pause before a number may be sent another code (NODE_ENV=test only)',
        body: z.object({ to: z.string().max(32) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await needs.endCodePause(request.body.to.trim());
      return reply.code(204).send(null);
    },
  );
}

/** Time moved for a test: a session's proof made stale, a booking moved to today. */
function clockRoutes(app: AppInstance): void {
  // A new way in needs a proof within 10 minutes, and a sign-in is one (decision 183): the browser test
  // of the prompt makes the proof stale here rather than waiting.
  app.post(
    '/api/dev/sessions/proof-stale',
    {
      schema: {
        tags: ['dev'],
        summary: 'Move the proof of every session of an account 11 minutes back (NODE_ENV=test only)',
        body: z.object({ username: z.string().max(100) }),
        response: { 200: z.object({ sessions: z.number() }) },
      },
    },
    async (request) => ({ sessions: await staleSessionProofs(app.ctx.database.db, request.body.username) }),
  );

  // A booking made now starts at least 12 hours later, but confirming the start needs the tour day.
  // Browser tests that follow a new booking to its completion move it to the current half hour of
  // today (in the guide's zone) and let the job runner open the day, as it would at midnight.
  app.post(
    '/api/dev/bookings/tour-day',
    {
      schema: {
        tags: ['dev'],
        summary: 'Move an accepted booking to start now, today, and open its tour day (NODE_ENV=test only)',
        body: z.object({ bookingId: z.number().int().positive().max(2_147_483_647) }),
        response: {
          200: z.object({ date: z.string(), startsAt: z.date() }),
          404: z.object({ code: z.string(), message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const db = app.ctx.database.db;
      const booking = await findBookingRow(db, request.body.bookingId);
      if (!booking) return reply.code(404).send({ code: 'not_found', message: 'Booking not found' });
      const now = new Date();
      const date = todayInZone(booking.timeZone, now);
      const minuteOfDay = Math.floor(
        (((now.getTime() / 60_000 + zoneOffsetMinutes(booking.timeZone, now)) % 1440) + 1440) % 1440,
      );
      const startMinute = minuteOfDay - (minuteOfDay % 30);
      const startsAt = zonedTimeToUtc(date, startMinute, booking.timeZone);
      const endsAt = new Date(startsAt.getTime() + (booking.endsAt.getTime() - booking.startsAt.getTime()));
      await moveBookingToNow(db, booking.id, { date, startMinute, startsAt, endsAt }, now);
      return { date, startsAt };
    },
  );
}
