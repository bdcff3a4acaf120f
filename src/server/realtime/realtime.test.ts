import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_CLOSE } from '../../shared/realtime';
import { users } from '../db/schema/index';
import { signAccessToken } from '../modules/auth/tokens';
import { call, guide, openChat, say, traveler } from '../modules/messaging/test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { TEST_SECRET } from '../test/guide-fixtures';
import { connect } from './test-socket';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

describe('WebSocket /ws', () => {
  it('delivers a message from a traveler to a guide in real time, with credits, read receipts and system messages', async () => {
    const a = await traveler(t);
    const g = await guide(t);
    const c = await openChat(t, a, g.guideId);
    const guideSock = connect(`${base}/ws?token=${g.token}`);
    const travelerSock = connect(`${base}/ws?token=${a.token}`);
    await Promise.all([guideSock.opened, travelerSock.opened]);

    await say(t, a, c, '您好，11月22日有空吗？');
    const got = await guideSock.next('new_message');
    // The recipient's unread count in the conversation comes with the message, from the send's own write.
    expect(got.payload).toMatchObject({
      conversationId: c,
      senderId: a.id,
      body: '您好，11月22日有空吗？',
      credits: null,
      unreadCount: 1,
    });
    expect((await travelerSock.next('new_message')).payload).toMatchObject({ credits: 2, unreadCount: 0 });
    expect((await travelerSock.next('credits_update')).payload).toEqual({
      conversationId: c,
      userId: a.id,
      credits: 2,
    });
    expect((await guideSock.next('conversation_update')).payload).toEqual({ conversationId: c, credits: 2 });

    await say(t, g, c, 'Yes, I am free!');
    expect((await travelerSock.next('new_message')).payload).toMatchObject({ body: 'Yes, I am free!', unreadCount: 1 });
    expect((await guideSock.next('new_message')).payload).toMatchObject({ body: 'Yes, I am free!', unreadCount: 1 });
    const credits = await travelerSock.next('credits_update');
    expect(credits.payload).toEqual({ conversationId: c, userId: a.id, credits: null });
    expect((await guideSock.next('conversation_update')).payload).toEqual({ conversationId: c, credits: null });

    await call(t, g, 'POST', `/api/conversations/${c}/mark-read`, { userId: g.id });
    const read = await travelerSock.next('message_read');
    expect(read.payload).toMatchObject({ conversationId: c, readerId: g.id, readAll: true });

    const [m] = await t.app.notifications.create([
      {
        userId: a.id,
        type: 'system',
        text: {
          en: { title: 'Hi', message: 'x' },
          'zh-CN': { title: '嗨', message: 'x' },
          ja: { title: 'こんにちは', message: 'x' },
        },
      },
    ]);
    expect((await travelerSock.next('system_message')).payload).toMatchObject({
      action: 'created',
      message: { id: m!.id },
    });
    await call(t, a, 'PATCH', `/api/v2/system-messages/${m!.id}/read`);
    expect((await travelerSock.next('system_message_read')).payload).toMatchObject({
      action: 'marked_read',
      message: { id: m!.id, status: 'read' },
      unreadCount: 0,
    });
    // The guide never sees the traveler's system messages.
    expect(guideSock.events.some((e) => e.type === 'system_message')).toBe(false);
    guideSock.ws.close();
    travelerSock.ws.close();
  });

  it('pushes several notices made at once for one person as one bulk_created', async () => {
    const a = await traveler(t);
    const other = await traveler(t);
    const sock = connect(`${base}/ws?token=${a.token}`);
    const otherSock = connect(`${base}/ws?token=${other.token}`);
    await Promise.all([sock.opened, otherSock.opened]);
    const text = (title: string) => ({
      en: { title, message: 'x' },
      'zh-CN': { title, message: 'x' },
      ja: { title, message: 'x' },
    });
    const made = await t.app.notifications.create([
      { userId: a.id, type: 'booking', text: text('one') },
      { userId: other.id, type: 'booking', text: text('alone') },
      { userId: a.id, type: 'payment', text: text('two') },
    ]);
    const bulk = await sock.next('system_message');
    expect(bulk.payload).toMatchObject({ action: 'bulk_created', messages: [{ title: 'one' }, { title: 'two' }] });
    expect((await otherSock.next('system_message')).payload).toMatchObject({
      action: 'created',
      message: { title: 'alone' },
    });
    expect(made).toHaveLength(3);
    sock.ws.close();
    otherSock.ws.close();
  });

  it('refuses a missing, invalid or expired token before the upgrade', async () => {
    const a = await traveler(t);
    await expect(connect(`${base}/ws`).opened).rejects.toThrow('HTTP 401');
    await expect(connect(`${base}/ws?token=nonsense`).opened).rejects.toThrow('HTTP 401');
    const expired = await signAccessToken(
      { userId: a.id, sessionId: '00000000-0000-0000-0000-000000000000' },
      TEST_SECRET,
      new Date(Date.now() - 60_000),
    );
    await expect(connect(`${base}/ws?token=${expired}`).opened).rejects.toThrow('HTTP 401');
  });

  it("refuses a suspended user's upgrade as REST refuses their calls, and closes the socket they had", async () => {
    const a = await traveler(t);
    const open = connect(`${base}/ws?token=${a.token}`);
    await open.opened;
    // Suspended without the sessions being revoked (suspension also revokes them): the check itself must refuse.
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, a.id));
    expect((await call(t, a, 'GET', '/api/me')).statusCode).toBe(401);
    await expect(connect(`${base}/ws?token=${a.token}`).opened).rejects.toThrow('HTTP 401');
    t.app.realtime.revalidate(a.id);
    expect(await open.closed).toBe(WS_CLOSE.revoked);
  });

  it('closes the sockets of a session that logs out, and keeps the others', async () => {
    const a = await traveler(t);
    const login2 = await traveler(t); // another user stays connected
    const mine = connect(`${base}/ws?token=${a.token}`);
    const theirs = connect(`${base}/ws?token=${login2.token}`);
    await Promise.all([mine.opened, theirs.opened]);
    expect(t.app.realtime.localCount(a.id)).toBe(1);
    expect((await call(t, a, 'POST', '/api/auth/logout')).statusCode).toBe(204);
    expect(await mine.closed).toBe(WS_CLOSE.revoked);
    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.ws.readyState).toBe(WebSocket.OPEN);
    await expect(connect(`${base}/ws?token=${a.token}`).opened).rejects.toThrow('HTTP 401');
    theirs.ws.close();
  });
});
