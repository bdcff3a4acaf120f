import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import { emailOutbox, systemMessages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { japanTime } from '../notifications/index';
import {
  call,
  guide as makeGuide,
  offerBody,
  openChat,
  traveler as makeTraveler,
  type Who,
} from '../messaging/test-helpers';

/**
 * A guide's offer waits on its traveler until it expires (decision 078): the traveler is told once,
 * in the bell and by e-mail, with until when in Japan time, and the offers still open are theirs to
 * read (for the home page's list), nobody else's.
 */
let t: TestApp;
let traveler: Who;
let stranger: Who;
let guide: Awaited<ReturnType<typeof makeGuide>>;
let chat: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await makeTraveler(t, 'Li Wei');
  stranger = await makeTraveler(t, 'Zhang San');
  guide = await makeGuide(t, 'Sato Guide');
  chat = await openChat(t, traveler, guide.guideId);
});
afterAll(() => t?.close());

const tokyoDay = (n: number) => addDays(todayInZone('Asia/Tokyo'), n);
const open = async (who: Who) =>
  (await call(t, who, 'GET', '/api/me/open-offers')).json().data as { id: number; expiresAt: string; status: string }[];

describe('an offer waiting on the traveler', () => {
  it('tells the traveler once with its deadline, and is listed as open until declined', async () => {
    const sent = await call(
      t,
      guide,
      'POST',
      `/api/v2/conversations/${chat}/offers`,
      offerBody(tokyoDay(30), { validHours: 24 }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const later = await call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, offerBody(tokyoDay(31)));
    const [first, second] = [sent.json().data, later.json().data] as { id: number; expiresAt: string }[];

    const key = `offer:${first!.id}:sent`;
    await vi.waitFor(async () => {
      const told = await t.database.db
        .select()
        .from(systemMessages)
        .where(and(eq(systemMessages.userId, traveler.id), eq(systemMessages.dedupeKey, key)));
      expect(told).toHaveLength(1);
      expect(told[0]!.texts?.en?.message).toContain(`by ${japanTime('en', first!.expiresAt)}`);
      expect(told[0]!.texts?.['zh-CN']?.message).toContain(`请在 ${japanTime('zh-CN', first!.expiresAt)} 前`);
      expect(told[0]!.actionUrl).toBe(`/messages?c=${chat}`);
      const mails = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `notification:${key}:${traveler.id}`));
      expect(mails).toHaveLength(1);
    });

    // Closest expiry first; the guide and a stranger have none of the traveler's.
    expect((await open(traveler)).map((o) => o.id)).toEqual([first!.id, second!.id]);
    expect(await open(guide)).toEqual([]);
    expect(await open(stranger)).toEqual([]);
    expect((await call(t, null, 'GET', '/api/me/open-offers')).statusCode).toBe(401);

    expect(
      (await call(t, traveler, 'POST', `/api/v2/offers/${first!.id}/decline`, { reason: 'price' })).statusCode,
    ).toBe(200);
    expect((await open(traveler)).map((o) => o.id)).toEqual([second!.id]);
  });
});
