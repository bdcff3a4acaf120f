import { afterAll, beforeAll, expect } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CARD_OK, newKey } from '../bookings/test-helpers';
import {
  call,
  cid,
  guide as makeGuide,
  offerBody,
  openChat,
  traveler as makeTraveler,
  type Who,
} from '../messaging/test-helpers';
import { nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';

/** Test-only helpers for the offers suites that share one chat (offers.test.ts, offer-booking.test.ts). */
export interface OfferParties {
  t: TestApp;
  traveler: Who;
  stranger: Who;
  guide: Awaited<ReturnType<typeof makeGuide>>;
  otherGuide: Awaited<ReturnType<typeof makeGuide>>;
  chat: number;
}

export const tokyoDay = (n: number) => addDays(todayInZone('Asia/Tokyo'), n);

/**
 * Call at a file's top: its app (made before its tests, closed after) with a traveler, a stranger, two
 * guides and the traveler's chat with the first, and the steps the tests take in that chat. The state
 * lives in this call, not in the module: the API files share a worker's modules (vitest.config.ts).
 */
export function offerSuite() {
  const parties = {} as OfferParties;
  let day = 30;
  beforeAll(async () => {
    parties.t = await createTestApp({ seed: 'none' });
    parties.traveler = await makeTraveler(parties.t, 'Li Wei');
    parties.stranger = await makeTraveler(parties.t, 'Zhang San');
    parties.guide = await makeGuide(parties.t, 'Sato Guide');
    parties.otherGuide = await makeGuide(parties.t, 'Other Guide');
    parties.chat = await openChat(parties.t, parties.traveler, parties.guide.guideId);
  });
  afterAll(() => parties.t?.close());

  /** A day no test of the file has had yet, so that one test's booking never holds another's slot. */
  const nextDay = () => tokyoDay(day++);

  function requestBody(date: string) {
    return {
      clientMessageId: cid(),
      note: 'Can we see the fish market?',
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
        itinerary: 'Tsukiji outer market, then Hamarikyu garden',
        groupComposition: 'Two adults',
        meetingAddress: 'Tsukiji Station exit 1',
        meetingPostalCode: '104-0045',
        subcategoryId: parties.guide.services[0],
      },
    };
  }

  async function sendRequest(date: string): Promise<number> {
    const res = await call(
      parties.t,
      parties.traveler,
      'POST',
      `/api/conversations/${parties.chat}/tour-requests`,
      requestBody(date),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id;
  }

  async function makeOffer(date = nextDay(), extra: Record<string, unknown> = {}) {
    const res = await call(
      parties.t,
      parties.guide,
      'POST',
      `/api/v2/conversations/${parties.chat}/offers`,
      offerBody(date, extra),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; messageId: number; priceCents: number; status: string };
  }

  const bookOffer = (who: Who, body: Record<string, unknown>) =>
    parties.t.app.inject({
      method: 'POST',
      url: '/api/v2/bookings',
      headers: auth(who.token),
      payload: body,
      remoteAddress: nextAddress(),
    });
  const payDeposit = (who: Who, bookingId: number) =>
    parties.t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${bookingId}/payments`,
      headers: { ...auth(who.token), 'idempotency-key': newKey() },
      payload: CARD_OK,
      remoteAddress: nextAddress(),
    });

  async function messagesOf(who: Who) {
    const res = await call(parties.t, who, 'GET', `/api/conversations/${parties.chat}/messages?limit=100`);
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      id: number;
      kind: string;
      offer: { id: number; status: string; booking: { bookingNumber: string } | null } | null;
      tourRequest: {
        state: { status: string; offer: { id: number; status: string; bookingNumber: string | null } | null };
      } | null;
    }[];
  }

  return { parties, nextDay, requestBody, sendRequest, makeOffer, bookOffer, payDeposit, messagesOf };
}
