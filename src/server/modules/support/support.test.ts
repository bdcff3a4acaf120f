import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportThreads, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSession } from '../auth/index';

let t: TestApp;
const tokens: Record<'traveler' | 'guide' | 'admin', string> = { traveler: '', guide: '', admin: '' };
let ip = 0;
/** Each test writes from its own address so the per-address rate limits never leak between tests. */
const nextIp = () => `10.1.0.${++ip}`;

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) {
    const [u] = await t.database.db.select().from(users).where(eq(users.username, name));
    tokens[name] = (await createSession(t.database.db, { userId: u!.id, secret: 'test-secret-that-is-long-enough-0123456789', ttlMs: 3_600_000 })).token;
  }
});
afterAll(() => t.close());

const auth = (who: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[who]}` });

async function startAnonymous(remoteAddress = nextIp(), payload: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/support/threads',
    remoteAddress,
    payload: { message: '我的付款失败了，请帮我看看。', topic: 'payment_failure', locale: 'zh-CN', pageUrl: '/checkout/3', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { thread: { id: number }; visitorKey: string | null; messages: { body: string }[] };
}

describe('public config', () => {
  it('names the built-in widget by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(res.statusCode).toBe(200);
    // The travel credit a guide's cancellation gives (decision 139): the refund choice names it beforehand.
    expect(res.json()).toEqual({ support: { provider: 'builtin' }, payments: { provider: 'simulated' }, travelCreditCents: 5_000, wechatLogin: false });
  });

  it('names Crisp with its site id when configured, and lets its origins through the CSP', async () => {
    const crisp = await createTestApp({ env: { SUPPORT_WIDGET: 'crisp', CRISP_WEBSITE_ID: '3f2a1b4c-0d9e-4f11-8a22-7b6c5d4e3f21' } });
    try {
      const res = await crisp.app.inject({ method: 'GET', url: '/api/config/public' });
      expect(res.json()).toMatchObject({ support: { provider: 'crisp', crispWebsiteId: '3f2a1b4c-0d9e-4f11-8a22-7b6c5d4e3f21' } });
      expect(String(res.headers['content-security-policy'])).toContain('script-src \'self\' https://client.crisp.chat');
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
    expect(row).toMatchObject({ topic: 'payment_failure', locale: 'zh-CN', pageUrl: '/checkout/3', userId: null, status: 'open' });

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
    const post = await t.app.inject({ method: 'POST', url: `/api/support/threads/${thread.id}/messages`, headers, payload: { body: '订单号 TG0012' }, remoteAddress: nextIp() });
    expect(post.statusCode).toBe(201);
    const firstTwo = (await t.app.inject({ method: 'GET', url: `/api/support/threads/${thread.id}/messages`, headers })).json().messages;
    expect(firstTwo.map((m: { sender: string }) => m.sender)).toEqual(['visitor', 'visitor']);

    const reply = await t.app.inject({ method: 'POST', url: `/api/admin/support/threads/${thread.id}/messages`, headers: auth('admin'), payload: { body: '您好，我们正在核查。' } });
    expect(reply.statusCode).toBe(201);
    const newer = await t.app.inject({ method: 'GET', url: `/api/support/threads/${thread.id}/messages?after=${firstTwo[1].id}`, headers });
    expect(newer.json().messages).toEqual([expect.objectContaining({ sender: 'agent', body: '您好，我们正在核查。' })]);
  });

  it("another visitor's thread is a 404, with a wrong key, no key, or a signed-in stranger", async () => {
    const mine = await startAnonymous();
    const theirs = await startAnonymous();
    const url = `/api/support/threads/${theirs.thread.id}/messages`;
    for (const headers of [{ 'x-support-key': mine.visitorKey! }, {}, auth('traveler'), { 'x-support-key': 'x'.repeat(43) }]) {
      const get = await t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });
      expect(get.statusCode).toBe(404);
      expect(get.json()).toMatchObject({ code: 'not_found' });
      const post = await t.app.inject({ method: 'POST', url, headers, payload: { body: 'hi' }, remoteAddress: nextIp() });
      expect(post.statusCode).toBe(404);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/support/threads/999999/messages', headers: { 'x-support-key': mine.visitorKey! } });
    expect(missing.statusCode).toBe(404);
  });

  it('stores text verbatim (markup is data, not HTML)', async () => {
    const text = '<script>alert(1)</script> & <b>bold</b>\n  second line  ';
    const { thread, visitorKey } = await startAnonymous(nextIp(), { message: text });
    const read = await t.app.inject({ method: 'GET', url: `/api/support/threads/${thread.id}/messages`, headers: { 'x-support-key': visitorKey! } });
    expect(read.json().messages[0].body).toBe(text);
  });
});

describe('signed-in visitor', () => {
  it('owns the thread through the token: no key is issued, the owner reads it, others get 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/support/threads', headers: auth('traveler'), payload: { message: 'My booking was cancelled', topic: 'booking_cancelled' }, remoteAddress: nextIp() });
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
    const res = await t.app.inject({ method: 'POST', url: '/api/support/threads', headers: { authorization: 'Bearer nope' }, payload: { message: 'hi' }, remoteAddress: nextIp() });
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
    const empty = await t.app.inject({ method: 'POST', url: `/api/support/threads/${thread.id}/messages`, headers: { 'x-support-key': visitorKey! }, payload: { body: '' } });
    expect(empty.statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'GET', url: '/api/support/threads/abc/messages' });
    expect(bad.statusCode).toBe(400);
    const adminEmpty = await t.app.inject({ method: 'POST', url: `/api/admin/support/threads/${thread.id}/messages`, headers: auth('admin'), payload: { body: ' ' } });
    expect(adminEmpty.statusCode).toBe(400);
  });
});

describe('admin inbox', () => {
  it('is a 404 for visitors, travelers and guides, and a 401 for a bad token', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/support/threads'],
      ['GET', '/api/admin/support/threads/1'],
      ['POST', '/api/admin/support/threads/1/messages'],
      ['PATCH', '/api/admin/support/threads/1'],
    ] as const) {
      const payload = method === 'POST' ? { body: 'hi' } : method === 'PATCH' ? { status: 'closed' } : undefined;
      for (const who of ['traveler', 'guide'] as const) {
        const res = await t.app.inject({ method, url, headers: auth(who), payload });
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(404);
      }
      expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
    }
  });

  it('lists threads (the demo\'s urgent one first) with author, count and last message; reads, answers, closes and reopens', async () => {
    const anon = await startAnonymous(nextIp(), { message: 'Payout did not arrive', topic: 'payout_failure', contactEmail: 'mei@example.com', contactName: 'Mei' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/support/threads?status=all&limit=100', headers: auth('admin') });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ page: 1, limit: 100 });
    expect(body.total).toBeGreaterThanOrEqual(1);
    expect(body.data[0]).toMatchObject({ urgent: true, booking: { status: 'ongoing' }, location: { lat: 35.6825, lng: 139.7662 } });
    expect(body.data.find((r: { id: number }) => r.id === anon.thread.id)).toMatchObject({
      id: anon.thread.id,
      topic: 'payout_failure',
      contactEmail: 'mei@example.com',
      contactName: 'Mei',
      user: null,
      messageCount: 1,
      lastMessage: { sender: 'visitor', body: 'Payout did not arrive' },
    });
    expect(JSON.stringify(body)).not.toContain('visitorKeyHash');

    const one = await t.app.inject({ method: 'GET', url: `/api/admin/support/threads/${anon.thread.id}`, headers: { ...auth('admin'), 'accept-language': 'ja' } });
    expect(one.json().messages).toHaveLength(1);
    // TRANSLATION_PROVIDER=none (the default): the message exactly as written, no translation fields (decision 146).
    expect(Object.keys(one.json().messages[0]).sort()).toEqual(['body', 'createdAt', 'id', 'sender']);

    const close = await t.app.inject({ method: 'PATCH', url: `/api/admin/support/threads/${anon.thread.id}`, headers: auth('admin'), payload: { status: 'closed' } });
    expect(close.json().thread.status).toBe('closed');
    const open = await t.app.inject({ method: 'GET', url: '/api/admin/support/threads', headers: auth('admin') });
    expect(open.json().data.map((x: { id: number }) => x.id)).not.toContain(anon.thread.id);
    // The visitor writing again reopens it.
    await t.app.inject({ method: 'POST', url: `/api/support/threads/${anon.thread.id}/messages`, headers: { 'x-support-key': anon.visitorKey! }, payload: { body: 'Still waiting' } });
    const reopened = await t.app.inject({ method: 'GET', url: '/api/admin/support/threads?limit=100', headers: auth('admin') });
    expect(reopened.json().data.find((r: { id: number }) => r.id === anon.thread.id)).toMatchObject({ id: anon.thread.id, status: 'open', messageCount: 2, lastMessage: { body: 'Still waiting' } });

    expect((await t.app.inject({ method: 'POST', url: '/api/admin/support/threads/999999/messages', headers: auth('admin'), payload: { body: 'hi' } })).statusCode).toBe(404);
  });

  it("shows a signed-in author's username", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/support/threads', headers: auth('guide'), payload: { message: 'Application rejected?', topic: 'guide_application_rejected' }, remoteAddress: nextIp() });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/support/threads?limit=100', headers: auth('admin') });
    const row = list.json().data.find((x: { id: number }) => x.id === res.json().thread.id);
    expect(row.user).toMatchObject({ username: 'guide', fullName: 'Sato Yuki' });
  });
});

describe('rate limits', () => {
  it('allows 10 new conversations an hour per address, then 429 rate_limited', async () => {
    const address = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/support/threads', payload: { message: `hello ${i}` }, remoteAddress: address });
      codes.push(res.statusCode);
      if (i === 10) expect(res.json()).toMatchObject({ code: 'rate_limited' });
    }
    expect(codes).toEqual([...Array(10).fill(201), 429]);
    // Another address is unaffected.
    expect((await t.app.inject({ method: 'POST', url: '/api/support/threads', payload: { message: 'hi' }, remoteAddress: nextIp() })).statusCode).toBe(201);
  });

  it('allows 30 messages a minute per address', async () => {
    const { thread, visitorKey } = await startAnonymous();
    const address = nextIp();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await t.app.inject({ method: 'POST', url: `/api/support/threads/${thread.id}/messages`, headers: { 'x-support-key': visitorKey! }, payload: { body: `m${i}` }, remoteAddress: address })).statusCode;
      if (i < 30) expect(last).toBe(201);
    }
    expect(last).toBe(429);
  });
});
