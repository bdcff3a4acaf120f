import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import { guideDetailSchema, guideListReplySchema } from '../../../shared/schemas/guides';
import { conversations, messages } from '../../db/schema/index';
import { auth, makeGuide, makeUser, tokenFor } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, cid, guide as chatGuide, openChat, traveler } from '../messaging/test-helpers';

/** Response rate and typical response time over the last 30 days (decision 077). */
let t: TestApp;
const ids: Record<string, number> = {};
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * A conversation a traveler opened `askedAgo` ms ago; the guide answers `replyAfter` ms later (null:
 * never). `followUps` are more traveler messages after the answer (not requests of their own).
 */
async function ask(guideId: number, guideUserId: number, askedAgo: number, replyAfter: number | null, followUps = 0) {
  const db = t.database.db;
  const traveler = await makeUser(db);
  const now = Date.now();
  const asked = new Date(now - askedAgo);
  const rows: { senderId: number; at: Date }[] = [{ senderId: traveler.id, at: asked }];
  if (replyAfter !== null) rows.push({ senderId: guideUserId, at: new Date(asked.getTime() + replyAfter) });
  for (let i = 1; i <= followUps; i++)
    rows.push({ senderId: traveler.id, at: new Date(rows.at(-1)!.at.getTime() + i * MIN) });
  const [c] = await db
    .insert(conversations)
    .values({ travelerId: traveler.id, guideId, guideUserId, createdAt: asked, lastMessageAt: rows.at(-1)!.at })
    .returning({ id: conversations.id });
  await db.insert(messages).values(
    rows.map((r, i) => ({
      conversationId: c!.id,
      senderId: r.senderId,
      clientMessageId: `r-${i}`,
      body: 'Hello',
      createdAt: r.at,
    })),
  );
  return { conversationId: c!.id, travelerId: traveler.id };
}

async function listing(name: string) {
  const { guide, user } = await makeGuide(t.database.db, { name, city: 'nara', rating: 4.5, reviewCount: 3 });
  ids[name] = guide.id;
  ids[`${name}User`] = user.id;
  return { guideId: guide.id, userId: user.id };
}

const search = async () => {
  const res = await t.app.inject({ url: '/api/v2/guides?city=nara&limit=50' });
  expect(res.statusCode, res.body).toBe(200);
  return guideListReplySchema.parse(res.json()).data;
};
const profile = async (id: number) => {
  const res = await t.app.inject({ url: `/api/v2/guides/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return guideDetailSchema.parse(res.json());
};

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  // Prompt: five counted requests in the window, three answered within 24 h.
  const prompt = await listing('Prompt');
  await ask(prompt.guideId, prompt.userId, 10 * DAY, 10 * MIN, 2); // the traveler's follow-ups are no new requests
  await ask(prompt.guideId, prompt.userId, 9 * DAY, 30 * MIN);
  await ask(prompt.guideId, prompt.userId, 8 * DAY, 90 * MIN);
  await ask(prompt.guideId, prompt.userId, 5 * DAY, 30 * HOUR); // answered, but late
  await ask(prompt.guideId, prompt.userId, 3 * DAY, null); // never answered
  await ask(prompt.guideId, prompt.userId, 2 * HOUR, null); // still has time: not counted yet
  await ask(prompt.guideId, prompt.userId, 40 * DAY, 2000 * MIN); // before the window
  // A conversation the guide opened is no request, even unanswered afterwards.
  const { conversationId } = await ask(prompt.guideId, prompt.userId, 4 * DAY, null);
  await t.database.db.execute(
    sql`update messages set sender_id = ${prompt.userId} where conversation_id = ${conversationId}`,
  );

  // Few: two requests only (new). Old: five, all before the window (new).
  const few = await listing('Few');
  await ask(few.guideId, few.userId, 2 * DAY, 5 * MIN);
  await ask(few.guideId, few.userId, 3 * DAY, 5 * MIN);
  const old = await listing('Old');
  for (let i = 0; i < 5; i++) await ask(old.guideId, old.userId, (31 + i) * DAY, 5 * MIN);
  // Quiet: nobody wrote.
  await listing('Quiet');
  await t.app.guideSearch.sync();
});
afterAll(() => t.close());

describe('guide responsiveness', () => {
  it('shows the rate within 24 h and the median time to the first answer over the last 30 days', async () => {
    const expected = { rate: 60, typicalMinutes: 30, isNew: false };
    expect((await profile(ids.Prompt!)).responsiveness).toEqual(expected);
    const card = (await search()).find((g) => g.id === ids.Prompt);
    expect(card?.responsiveness).toEqual(expected);
  });

  it('calls a guide with fewer than three requests in the window new, with no figures', async () => {
    const cards = await search();
    for (const name of ['Few', 'Old', 'Quiet']) {
      expect(cards.find((g) => g.id === ids[name])?.responsiveness, name).toEqual({
        rate: null,
        typicalMinutes: null,
        isNew: true,
      });
      expect((await profile(ids[name]!)).responsiveness, name).toEqual({
        rate: null,
        typicalMinutes: null,
        isNew: true,
      });
    }
  });

  it('shows newer figures on a card the search already keeps (its kept JSON is written again)', async () => {
    const rising = await listing('Rising');
    await t.app.guideSearch.sync();
    expect((await search()).find((g) => g.id === rising.guideId)?.responsiveness).toEqual({
      rate: null,
      typicalMinutes: null,
      isNew: true,
    });
    for (const ago of [3, 4, 5]) await ask(rising.guideId, rising.userId, ago * DAY, 20 * MIN);
    await t.app.guideSearch.sync(); // the figures are read afresh; the card itself stays kept
    expect((await search()).find((g) => g.id === rising.guideId)?.responsiveness).toEqual({
      rate: 100,
      typicalMinutes: 20,
      isNew: false,
    });
  });

  it('reads the figures of a page of cards in one query, and reuses them for a few minutes', async () => {
    await t.app.guideSearch.sync(); // forget the figures read so far
    const db = t.database.db;
    const dialect = (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
    const spy = vi.spyOn(db, 'execute');
    const figureQueries = () => spy.mock.calls.filter(([q]) => dialect.sqlToQuery(q).sql.includes('as_of_now')).length;
    try {
      expect((await search()).length).toBe(5);
      expect(figureQueries()).toBe(1);
      await search();
      expect(figureQueries()).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("counts a tour request's acceptance or refusal as an answer", async () => {
    const g = await chatGuide(t, 'Answerer');
    const date = addDays(todayInZone('Asia/Tokyo'), 12);
    for (let i = 0; i < 3; i++) {
      const a = await traveler(t);
      const c = await openChat(t, a, g.guideId);
      const request = {
        date,
        startTime: '10:00',
        durationHours: 3,
        travelers: 2,
        meal: 'shared_meal',
        meals: 1,
        transport: 'none',
        tickets: 'no_payment',
        ticketCount: 0,
        itinerary: 'Nara Park',
        groupComposition: 'Two adults',
        meetingAddress: 'Kintetsu Nara Station',
        meetingPostalCode: '6308215',
        subcategoryId: g.services[0]!,
      };
      const sent = await call(t, a, 'POST', `/api/conversations/${c}/tour-requests`, {
        clientMessageId: cid(),
        request,
        note: '',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const id = sent.json().data.id as number;
      // Sent three hours ago; the guide refuses it now, without writing a message.
      await t.database.db
        .update(messages)
        .set({ createdAt: new Date(Date.now() - 3 * HOUR) })
        .where(eq(messages.id, id));
      const rejected = await call(t, g, 'POST', `/api/conversations/${c}/tour-requests/${id}/reject`, {
        reason: 'fully_booked',
        confirm: true,
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
    }
    const r = (await profile(g.guideId)).responsiveness;
    expect(r).toMatchObject({ rate: 100, isNew: false });
    expect(r.typicalMinutes).toBeGreaterThanOrEqual(180);
    expect(r.typicalMinutes).toBeLessThanOrEqual(182);
  });

  it('is in the saved guides list too', async () => {
    const db = t.database.db;
    const me = await makeUser(db);
    const token = await tokenFor(db, me.id);
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/travelers/${me.id}/saved-guides/${ids.Prompt}`,
      headers: auth(token),
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const list = await t.app.inject({ url: `/api/travelers/${me.id}/saved-guides`, headers: auth(token) });
    expect(list.json().data[0].responsiveness).toEqual({ rate: 60, typicalMinutes: 30, isNew: false });
  });

  it('documents the figures in OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const text = JSON.stringify(doc);
    expect(text).toContain('typicalMinutes');
    expect(text).toContain('Response rate and typical response time over the last 30 days');
  });
});
