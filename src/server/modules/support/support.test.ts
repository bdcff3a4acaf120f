import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { supportThreads } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { supportSuite } from './test-helpers';

/**
 * Support from the visitor's side: the widget's config, anonymous and signed-in threads, validation and rate limits
 * (the admin inbox: support-inbox.test.ts).
 */
const { app, nextIp, auth, startAnonymous } = supportSuite();
let t: TestApp;
beforeAll(() => {
  t = app.t;
});

describe('public config', () => {
  it('names the built-in widget by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(res.statusCode).toBe(200);
    // The travel credit a guide's cancellation gives (decision 139): the refund choice names it beforehand.
    expect(res.json()).toEqual({
      support: { provider: 'builtin' },
      payments: { provider: 'simulated' },
      travelCreditCents: 5_000,
      wechatLogin: false,
    });
  });

  it('names Crisp with its site id when configured, and lets its origins through the CSP', async () => {
    const crisp = await createTestApp({
      env: { SUPPORT_WIDGET: 'crisp', CRISP_WEBSITE_ID: '3f2a1b4c-0d9e-4f11-8a22-7b6c5d4e3f21' },
    });
    try {
      const res = await crisp.app.inject({ method: 'GET', url: '/api/config/public' });
      expect(res.json()).toMatchObject({
        support: { provider: 'crisp', crispWebsiteId: '3f2a1b4c-0d9e-4f11-8a22-7b6c5d4e3f21' },
      });
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self' https://client.crisp.chat");
    } finally {
      await crisp.close();
    }
    const plain = await t.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(String(plain.headers['content-security-policy'])).not.toContain('crisp');
  });
});

describe('anonymous visitor', () => {
  it('creates a thread, gets a key once, stores only its hash, and reads the thread with the key', async () => {
    const created = await startAnonymous();
    expect(created.visitorKey).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(created.messages.map((m) => m.body)).toEqual(['我的付款失败了，请帮我看看。']);
    const [row] = await t.database.db.select().from(supportThreads).where(eq(supportThreads.id, created.thread.id));
    expect(row!.visitorKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.visitorKeyHash).not.toContain(created.visitorKey);
    expect(row).toMatchObject({
      topic: 'payment_failure',
      locale: 'zh-CN',
      pageUrl: '/checkout/3',
      userId: null,
      status: 'open',
    });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/support/threads/${created.thread.id}/messages`,
      headers: { 'x-support-key': created.visitorKey! },
      remoteAddress: nextIp(),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().thread).toMatchObject({ id: created.thread.id, topic: 'payment_failure', status: 'open' });
    expect(read.json().messages).toHaveLength(1);
  });

  it('writes more messages and sees the agent reply; `after` returns only newer ones', async () => {
    const { thread, visitorKey } = await startAnonymous();
    const headers = { 'x-support-key': visitorKey! };
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/support/threads/${thread.id}/messages`,
      headers,
      payload: { body: '订单号 TG0012' },
      remoteAddress: nextIp(),
    });
    expect(post.statusCode).toBe(201);
    const firstTwo = (
      await t.app.inject({ method: 'GET', url: `/api/support/threads/${thread.id}/messages`, headers })
    ).json().messages;
    expect(firstTwo.map((m: { sender: string }) => m.sender)).toEqual(['visitor', 'visitor']);

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/threads/${thread.id}/messages`,
      headers: auth('admin'),
      payload: { body: '您好，我们正在核查。' },
    });
    expect(reply.statusCode).toBe(201);
    const newer = await t.app.inject({
      method: 'GET',
      url: `/api/support/threads/${thread.id}/messages?after=${firstTwo[1].id}`,
      headers,
    });
    expect(newer.json().messages).toEqual([expect.objectContaining({ sender: 'agent', body: '您好，我们正在核查。' })]);
  });

  it("another visitor's thread is a 404, with a wrong key, no key, or a signed-in stranger", async () => {
    const mine = await startAnonymous();
    const theirs = await startAnonymous();
    const url = `/api/support/threads/${theirs.thread.id}/messages`;
    for (const headers of [
      { 'x-support-key': mine.visitorKey! },
      {},
      auth('traveler'),
      { 'x-support-key': 'x'.repeat(43) },
    ]) {
      const get = await t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });
      expect(get.statusCode).toBe(404);
      expect(get.json()).toMatchObject({ code: 'not_found' });
      const post = await t.app.inject({
        method: 'POST',
        url,
        headers,
        payload: { body: 'hi' },
        remoteAddress: nextIp(),
      });
      expect(post.statusCode).toBe(404);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/support/threads/999999/messages',
      headers: { 'x-support-key': mine.visitorKey! },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('stores text verbatim (markup is data, not HTML)', async () => {
    const text = '<script>alert(1)</script> & <b>bold</b>\n  second line  ';
    const { thread, visitorKey } = await startAnonymous(nextIp(), { message: text });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/support/threads/${thread.id}/messages`,
      headers: { 'x-support-key': visitorKey! },
    });
    expect(read.json().messages[0].body).toBe(text);
  });
});

describe('signed-in visitor', () => {
  it('owns the thread through the token: no key is issued, the owner reads it, others get 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/threads',
      headers: auth('traveler'),
      payload: { message: 'My booking was cancelled', topic: 'booking_cancelled' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    const { thread, visitorKey } = res.json();
    expect(visitorKey).toBeNull();
    const url = `/api/support/threads/${thread.id}/messages`;
    expect((await t.app.inject({ method: 'GET', url, headers: auth('traveler') })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: auth('guide') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const mine = await t.app.inject({ method: 'GET', url: '/api/support/threads', headers: auth('traveler') });
    expect(mine.json().data.map((x: { id: number }) => x.id)).toContain(thread.id);
    const guides = await t.app.inject({ method: 'GET', url: '/api/support/threads', headers: auth('guide') });
    expect(guides.json().data.map((x: { id: number }) => x.id)).not.toContain(thread.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/support/threads' })).statusCode).toBe(401);
  });

  it('a bad token is a 401, not a silent anonymous thread', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/threads',
      headers: { authorization: 'Bearer nope' },
      payload: { message: 'hi' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('validation', () => {
  it.each([
    [{}, ['body.message']],
    [{ message: '   \n ' }, ['body.message']],
    [{ message: 'x'.repeat(4001) }, ['body.message']],
    [{ message: 'hi', topic: 'refund_now' }, ['body.topic']],
    [{ message: 'hi', contactEmail: 'not-an-email' }, ['body.contactEmail']],
    [{ message: 'hi', pageUrl: 'https://evil.example/' }, ['body.pageUrl']],
    [{ message: 'hi', locale: 'fr' }, ['body.locale']],
  ])('rejects %j with 400 naming %j', async (payload, paths) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/support/threads', payload, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(paths);
  });

  it('rejects an empty reply and a non-numeric thread id', async () => {
    const { thread, visitorKey } = await startAnonymous();
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/support/threads/${thread.id}/messages`,
      headers: { 'x-support-key': visitorKey! },
      payload: { body: '' },
    });
    expect(empty.statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'GET', url: '/api/support/threads/abc/messages' });
    expect(bad.statusCode).toBe(400);
    const adminEmpty = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/threads/${thread.id}/messages`,
      headers: auth('admin'),
      payload: { body: ' ' },
    });
    expect(adminEmpty.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  it('allows 10 new conversations an hour per address, then 429 rate_limited', async () => {
    const address = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/support/threads',
        payload: { message: `hello ${i}` },
        remoteAddress: address,
      });
      codes.push(res.statusCode);
      if (i === 10) expect(res.json()).toMatchObject({ code: 'rate_limited' });
    }
    expect(codes).toEqual([...Array(10).fill(201), 429]);
    // Another address is unaffected.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/support/threads',
          payload: { message: 'hi' },
          remoteAddress: nextIp(),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('allows 30 messages a minute per address', async () => {
    const { thread, visitorKey } = await startAnonymous();
    const address = nextIp();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: `/api/support/threads/${thread.id}/messages`,
          headers: { 'x-support-key': visitorKey! },
          payload: { body: `m${i}` },
          remoteAddress: address,
        })
      ).statusCode;
      if (i < 30) expect(last).toBe(201);
    }
    expect(last).toBe(429);
  });
});
