import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE } from '../../../shared/availability';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../../modules/bookings/test-helpers';
import { offerBody, openChat } from '../../modules/messaging/test-helpers';
import { nextAddress } from '../accounts';
import { auth } from '../guide-fixtures';
import { multipartBody } from '../multipart';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Dates at the ends of the calendar, on every route that takes one (decision 106). A day after
 * 9999-12-31 has no four-digit year and PostgreSQL has no year 0: before, 9999-12-29 in slots, bookings
 * and rescheduling and a licence valid until 0000-01-01 were 500s with the database's error logged.
 * Each is now a 400 `validation_failed` naming its field, on PGlite and on PostgreSQL alike; the first
 * and last accepted days still pass the schema.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let bookingId: number;
let chat: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t);
  bookingId = await confirmedBooking(t, traveler, guide.guideId, daysAhead(20));
  chat = await openChat(t, traveler, guide.guideId);
});
afterAll(() => t?.close());

const FAR = ['9999-12-29', '9999-12-31', '0000-01-01', '0001-01-01', '2100-01-01', '1999-12-31'];
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
  'hex',
);

type Send = (
  date: string,
) => Promise<{ statusCode: number; body: string; json(): { code?: string; fields?: { path: string }[] } }>;
const as = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(who.token), remoteAddress: nextAddress(), ...(payload && { payload }) });

const ROUTES: [string, string, Send][] = [
  [
    'GET /api/v2/guides/{id}/slots',
    'querystring.date',
    (date) => as(traveler, 'GET', `/api/v2/guides/${guide.guideId}/slots?date=${date}&durationHours=2`),
  ],
  ['GET /api/v2/guides', 'querystring.date', (date) => t.app.inject({ url: `/api/v2/guides?date=${date}` })],
  [
    'POST /api/v2/bookings',
    'body.date',
    (date) =>
      as(traveler, 'POST', '/api/v2/bookings', {
        guideId: guide.guideId,
        date,
        startTime: '10:00',
        durationHours: 2,
        travelers: 2,
      }),
  ],
  [
    'POST /api/v2/bookings/{id}/reschedule',
    'body.date',
    (date) => as(guide, 'POST', `/api/v2/bookings/${bookingId}/reschedule`, { date, startTime: '13:00' }),
  ],
  [
    'PUT /api/v2/guides/me/availability',
    'body.exceptions.0.date',
    (date) =>
      as(guide, 'PUT', '/api/v2/guides/me/availability', {
        weekly: [{ weekday: 1, startMinute: 540, endMinute: 1020 }],
        exceptions: [{ date, available: false }],
      }),
  ],
  [
    'POST /api/v2/conversations/{id}/offers',
    'body.date',
    (date) =>
      as(
        guide,
        'POST',
        `/api/v2/conversations/${chat}/offers`,
        offerBody(date, { clientMessageId: `far-${date}-offer` }),
      ),
  ],
  [
    'POST /api/conversations/{id}/tour-requests',
    'body.request.date',
    (date) =>
      as(traveler, 'POST', `/api/conversations/${chat}/tour-requests`, {
        clientMessageId: `far-${date}-request`,
        note: 'A day out',
        request: {
          date,
          startTime: '10:00',
          durationHours: 3,
          travelers: 2,
          meal: 'shared_meal',
          meals: 2,
          transport: 'nearby_city',
          tickets: 'pay_on_site_together',
          ticketCount: 2,
          itinerary: 'Tsukiji outer market',
          groupComposition: 'Two adults',
          meetingAddress: 'Tsukiji Station exit 1',
          meetingPostalCode: '104-0045',
        },
      }),
  ],
  [
    'POST /api/v2/guide/credentials/insurance',
    'body.validUntil',
    (date) => {
      const { payload, headers } = multipartBody([
        { field: 'insurer', value: 'Tokio Marine' },
        { field: 'validUntil', value: date },
        { field: 'file', data: PNG, name: 'card.png', type: 'image/png' },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/v2/guide/credentials/insurance',
        payload,
        remoteAddress: nextAddress(),
        headers: { ...auth(guide.token), ...headers },
      });
    },
  ],
  [
    'POST /api/admin/weather-warnings',
    'body.issuedAt',
    (date) =>
      as(admin, 'POST', '/api/admin/weather-warnings', {
        city: 'kyoto',
        code: '05',
        issuedAt: `${date}T09:00:00+09:00`,
      }),
  ],
];

describe('dates at the ends of the calendar', () => {
  describe.each(ROUTES)('%s', (_name, field, send) => {
    it.each(FAR)('%s is a 400 validation_failed naming the date', async (date) => {
      const res = await send(date);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().fields?.map((f) => f.path)).toContain(field);
    });

    it('the first and last days of the calendar pass the schema', async () => {
      for (const date of [FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE]) {
        const res = await send(date);
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect(res.json().fields?.map((f) => f.path) ?? []).not.toContain(field);
      }
    });
  });
});
