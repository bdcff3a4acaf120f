import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { supportSuite } from './test-helpers';

/**
 * The admin's support inbox: hidden from everyone else, the list, one thread, answering, closing and reopening; apart
 * from the visitor's side (support.test.ts).
 */
const { app, nextIp, auth, startAnonymous } = supportSuite();
let t: TestApp;
beforeAll(() => {
  t = app.t;
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

  it("lists threads (the demo's urgent one first) with author, count and last message; reads, answers, closes and reopens", async () => {
    const anon = await startAnonymous(nextIp(), {
      message: 'Payout did not arrive',
      topic: 'payout_failure',
      contactEmail: 'mei@example.com',
      contactName: 'Mei',
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/support/threads?status=all&limit=100',
      headers: auth('admin'),
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ page: 1, limit: 100 });
    expect(body.total).toBeGreaterThanOrEqual(1);
    expect(body.data[0]).toMatchObject({
      urgent: true,
      booking: { status: 'ongoing' },
      location: { lat: 35.6825, lng: 139.7662 },
    });
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

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/admin/support/threads/${anon.thread.id}`,
      headers: { ...auth('admin'), 'accept-language': 'ja' },
    });
    expect(one.json().messages).toHaveLength(1);
    // TRANSLATION_PROVIDER=none (the default): the message exactly as written, no translation fields (decision 146).
    expect(Object.keys(one.json().messages[0]).sort()).toEqual(['body', 'createdAt', 'id', 'sender']);

    const close = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/threads/${anon.thread.id}`,
      headers: auth('admin'),
      payload: { status: 'closed' },
    });
    expect(close.json().thread.status).toBe('closed');
    const open = await t.app.inject({ method: 'GET', url: '/api/admin/support/threads', headers: auth('admin') });
    expect(open.json().data.map((x: { id: number }) => x.id)).not.toContain(anon.thread.id);
    // The visitor writing again reopens it.
    await t.app.inject({
      method: 'POST',
      url: `/api/support/threads/${anon.thread.id}/messages`,
      headers: { 'x-support-key': anon.visitorKey! },
      payload: { body: 'Still waiting' },
    });
    const reopened = await t.app.inject({
      method: 'GET',
      url: '/api/admin/support/threads?limit=100',
      headers: auth('admin'),
    });
    expect(reopened.json().data.find((r: { id: number }) => r.id === anon.thread.id)).toMatchObject({
      id: anon.thread.id,
      status: 'open',
      messageCount: 2,
      lastMessage: { body: 'Still waiting' },
    });

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/support/threads/999999/messages',
          headers: auth('admin'),
          payload: { body: 'hi' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("shows a signed-in author's username", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/threads',
      headers: auth('guide'),
      payload: { message: 'Application rejected?', topic: 'guide_application_rejected' },
      remoteAddress: nextIp(),
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/support/threads?limit=100',
      headers: auth('admin'),
    });
    const row = list.json().data.find((x: { id: number }) => x.id === res.json().thread.id);
    expect(row.user).toMatchObject({ username: 'guide', fullName: 'Sato Yuki' });
  });
});
