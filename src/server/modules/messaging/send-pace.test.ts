/**
 * The chat send's pace (decision 160): 60 messages a minute per sender, across their conversations,
 * counted in the send's own statement. A sender past it gets 429 `rate_limited` with Retry-After and
 * nothing is written; a repeat of a sent clientMessageId is still answered; others, the same address
 * included, send on.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SENDS_PER_MINUTE } from './send-rules';
import { call, cid, guide, openChat, say, traveler, type Who } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** `count` messages by `who` in the conversation, written `secondsAgo` before now (the sends before this one). */
async function sent(who: Who, conversationId: number, count: number, secondsAgo: number) {
  await t.database.db.insert(messages).values(
    Array.from({ length: count }, (_, i) => ({
      conversationId,
      senderId: who.id,
      clientMessageId: `earlier-${secondsAgo}-${i}`,
      body: `earlier ${i}`,
      createdAt: sql`now() - make_interval(secs => ${secondsAgo})` as unknown as Date,
    })),
  );
}

describe('the chat send pace', () => {
  it('refuses the sender past 60 in a minute with 429 and Retry-After, and writes nothing', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const conversationId = await openChat(t, a, g.guideId);
    await sent(g, conversationId, SENDS_PER_MINUTE - 1, 20);

    const last = await say(t, g, conversationId, 'the 60th this minute');
    expect(last.statusCode).toBe(201);
    const over = await say(t, g, conversationId, 'one too many');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limited' });
    // The oldest of the minute was sent 20 s ago: free again in about 40 s.
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(35);
    expect(retryAfter).toBeLessThanOrEqual(41);
    expect(over.json().retryAfter).toBe(retryAfter);

    const page = (await call(t, a, 'GET', `/api/conversations/${conversationId}/messages?limit=5`)).json().data as {
      body: string;
    }[];
    expect(page.map((m) => m.body)).not.toContain('one too many');
  });

  it('still answers a repeat of a message already sent, and lets the other side reply', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const conversationId = await openChat(t, a, g.guideId);
    const clientMessageId = cid();
    expect((await say(t, g, conversationId, 'sent before the limit', clientMessageId)).statusCode).toBe(201);
    await sent(g, conversationId, SENDS_PER_MINUTE, 10);
    expect((await say(t, g, conversationId, 'over')).statusCode).toBe(429);
    const again = await say(t, g, conversationId, 'sent before the limit', clientMessageId);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.body).toBe('sent before the limit');
    // Per sender, not per address: the traveler (same test address) is not held back.
    expect((await say(t, a, conversationId, 'a reply')).statusCode).toBe(201);
  });

  it('counts only the last minute', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const conversationId = await openChat(t, a, g.guideId);
    await sent(g, conversationId, SENDS_PER_MINUTE, 70);
    expect((await say(t, g, conversationId, 'a new minute')).statusCode).toBe(201);
  });
});
