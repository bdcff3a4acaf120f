import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, octoWebhooks } from '../../db/schema/index';
import { rowsOf } from '../../db/raw-row';
import { Seal } from '../../lib/seal';
import { closeLocal, listenLocal } from '../../test/local-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookingCast, callAs, confirmedBooking, daysAhead, type BookingCast } from '../bookings/test-helpers';
import { octo, reseller } from './test-helpers';
import { deliver, webhookUrl } from './webhooks-delivery';

/**
 * OCTO webhooks (decision 203) against a receiver of ours on loopback (allowed through OCTO_WEBHOOK_ALLOW_HOSTS):
 * a reseller registers its URL and gets its secret once; a change to its booking arrives signed, the same
 * delivery again after a 500; a private address is refused at registration and at delivery; another reseller
 * can neither see nor delete the webhook.
 */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let receiver: Server;
let port = 0;
const received: Received[] = [];
/** The statuses the receiver answers next, in order; 200 once they are used up. */
const answers: number[] = [];

let t: TestApp;
let cast: BookingCast;
let a: { id: number; apiKey: string };
let b: { id: number; apiKey: string };
/** The bookings the test's fake says reseller `a` sold: how the OCTO bookings module will answer. */
const soldByA = new Set<number>();

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.shift() ?? 200;
      if (status === 302) res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else res.writeHead(status).end();
    });
  });
  port = await listenLocal(receiver);
  t = await createTestApp({ env: { OCTO_WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${port}` } });
  cast = await bookingCast(t);
  a = await reseller(t, cast.admin, 'Klook');
  b = await reseller(t, cast.admin, 'KKday');
  // A booking made normally stands for a reseller's: its OCTO form is its status, read when the event comes.
  t.app.octoWebhooks.octoBookingOf = async (db, bookingId) => {
    if (!soldByA.has(bookingId)) return null;
    const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    return row ? { channelId: a.id, booking: { uuid: `booking-${bookingId}`, status: row.status } } : null;
  };
});
afterAll(async () => {
  await t.close();
  await closeLocal(receiver);
});

const hookUrl = (path: string) => `http://127.0.0.1:${port}${path}`;
const register = (key: string, url: string, extra: object = {}) =>
  octo(t, '/webhooks', { method: 'POST', key, body: { event: 'booking_update', url, ...extra } });
const remove = (key: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/octo/webhooks/${id}`, headers: { authorization: `Bearer ${key}` } });
const at = (path: string) => received.filter((r) => r.path === path);
const macOf = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');
const auth = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });

/** A paid request to the cast's guide, sold by reseller `a` from the start. */
async function soldBooking(days: number): Promise<number> {
  const id = await confirmedBooking(t, cast.traveler, cast.guide.guideId, daysAhead(days));
  soldByA.add(id);
  return id;
}

describe('registering', () => {
  it('answers the secret once; lists and deletes only the reseller’s own', async () => {
    const made = await register(a.apiKey, hookUrl('/mine'));
    expect(made.statusCode).toBe(200);
    const hook = made.json();
    expect(hook).toMatchObject({ event: 'booking_update', url: hookUrl('/mine'), retryOnError: true, headers: {} });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const { secret, ...view } = hook;
    const mine = (await octo(t, '/webhooks', { key: a.apiKey })).json();
    expect(mine).toEqual([view]);
    expect(JSON.stringify(mine)).not.toContain(secret);
    const stored = await t.database.db.select().from(octoWebhooks).where(eq(octoWebhooks.id, hook.id));
    expect(stored[0]!.secretSealed).not.toContain(secret);

    expect((await octo(t, '/webhooks', { key: b.apiKey })).json()).toEqual([]);
    const theirs = await remove(b.apiKey, hook.id);
    expect([theirs.statusCode, theirs.json()]).toEqual([
      400,
      { error: 'INVALID_WEBHOOK_ID', errorMessage: expect.any(String), webhookId: hook.id },
    ]);
    expect((await remove(a.apiKey, 'not-a-uuid')).json().error).toBe('INVALID_WEBHOOK_ID');
    expect((await octo(t, '/webhooks', { key: a.apiKey })).json()).toHaveLength(1);
    expect((await remove(a.apiKey, hook.id)).json()).toMatchObject({ id: hook.id });
    expect((await octo(t, '/webhooks', { key: a.apiKey })).json()).toEqual([]);
    expect((await remove(a.apiKey, hook.id)).json().error).toBe('INVALID_WEBHOOK_ID');
    expect((await octo(t, '/webhooks', {})).statusCode).toBe(401);
  });

  it('refuses a URL we will not call: private, loopback by name, metadata, not http(s), with credentials', async () => {
    const refused = async (url: string) => {
      const res = await register(a.apiKey, url);
      return [res.statusCode, res.json().error, res.json().url];
    };
    for (const url of [
      'http://10.0.0.8/hook',
      `http://localhost:${port}/hook`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      'https://192.168.1.20/hook',
    ])
      expect(await refused(url), url).toEqual([400, 'INVALID_WEBHOOK_URL', 'private_address']);
    expect(await refused('ftp://example.com/hook')).toEqual([400, 'INVALID_WEBHOOK_URL', 'not_a_url']);
    expect(await refused('https://user:pass@example.com/hook')).toEqual([400, 'INVALID_WEBHOOK_URL', 'credentials']);
    const unknown = await register(a.apiKey, hookUrl('/x'), { event: 'availability_update' });
    expect([unknown.statusCode, unknown.json().error]).toEqual([400, 'BAD_REQUEST']);
    expect((await octo(t, '/webhooks', { key: a.apiKey })).json()).toEqual([]);
  });

  it('asks https in production, unless the host is allowed', async () => {
    const strict = { allowHosts: [], httpsOnly: true };
    expect(await webhookUrl('http://93.184.216.34/hook', strict)).toBe('not_https');
    expect(await webhookUrl('https://93.184.216.34/hook', strict)).toBeInstanceOf(URL);
    expect(await webhookUrl(hookUrl('/x'), { allowHosts: [`127.0.0.1:${port}`], httpsOnly: true })).toBeInstanceOf(URL);
  });
});

describe('the admin console', () => {
  it('adds a reseller’s webhook (its secret once, audited without it), lists and deletes it; another’s is 404', async () => {
    const admin = cast.admin;
    const base = `/api/admin/channels/${a.id}/webhooks`;
    const made = await callAs(t, 'POST', base, admin, { event: 'booking_update', url: hookUrl('/by-admin') });
    expect(made.statusCode).toBe(201);
    const { secret, ...view } = made.json();
    expect(secret).toMatch(/^whsec_/);
    expect((await octo(t, '/webhooks', { key: a.apiKey })).json()).toEqual([view]);
    expect((await callAs(t, 'GET', base, admin)).json()).toEqual({ webhooks: [view] });
    const audit = (await callAs(t, 'GET', `/api/admin/audit-log?entityType=channel&entityId=${a.id}`, admin)).body;
    expect(audit).toContain('channel.webhook_add');
    expect(audit).not.toContain(secret);

    const refused = await callAs(t, 'POST', base, admin, { event: 'booking_update', url: 'http://10.0.0.8/x' });
    expect([refused.statusCode, refused.json().code, refused.json().fields]).toEqual([
      400,
      'INVALID_WEBHOOK_URL',
      [{ path: 'url', message: 'private_address' }],
    ]);
    expect((await callAs(t, 'GET', base, cast.traveler)).statusCode).toBe(404);
    const other = `/api/admin/channels/${b.id}/webhooks/${view.id}`;
    expect((await t.app.inject({ method: 'DELETE', url: other, headers: auth(admin) })).statusCode).toBe(404);
    const gone = await t.app.inject({ method: 'DELETE', url: `${base}/${view.id}`, headers: auth(admin) });
    expect([gone.statusCode, gone.json().id]).toEqual([200, view.id]);
    expect((await octo(t, '/webhooks', { key: a.apiKey })).json()).toEqual([]);
  });
});

describe('delivering', () => {
  it('POSTs each change of a reseller’s booking, signed with the webhook’s secret', async () => {
    const hook = (await register(a.apiKey, hookUrl('/signed'))).json();
    const { secret, ...view } = hook;
    const id = await soldBooking(10);
    expect((await callAs(t, 'POST', `/api/v2/bookings/${id}/accept`, cast.guide)).statusCode).toBe(200);
    await t.app.jobs.settled();
    const got = at('/signed');
    expect(got.map((r) => JSON.parse(r.body).booking.status)).toContain('upcoming');
    for (const r of got) {
      const mac = String(r.headers['octo-signature']).replace(/^sha256=/, '');
      expect(timingSafeEqual(Buffer.from(mac, 'hex'), Buffer.from(macOf(secret, r.body), 'hex'))).toBe(true);
      expect(r.headers['octo-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(r.headers['content-type']).toBe('application/json');
      expect(JSON.parse(r.body)).toEqual({
        event: 'booking_update',
        webhook: view,
        booking: { uuid: `booking-${id}`, status: expect.any(String) },
      });
    }
    // Each delivery its own id; a wrong secret does not verify.
    expect(new Set(got.map((r) => r.headers['octo-delivery-id'])).size).toBe(got.length);
    expect(macOf('whsec_other', got[0]!.body)).not.toBe(String(got[0]!.headers['octo-signature']).slice(7));
    // Another reseller's booking, or one sold by nobody, reaches nobody.
    const before = received.length;
    const own = await confirmedBooking(t, cast.traveler, cast.guide.guideId, daysAhead(11));
    await callAs(t, 'POST', `/api/v2/bookings/${own}/accept`, cast.guide);
    await t.app.jobs.settled();
    expect(received.length).toBe(before);
    await remove(a.apiKey, hook.id);
  });

  it('sends a delivery answered 500 again after the backoff, the same bytes and id, and then no more', async () => {
    const hook = (await register(a.apiKey, hookUrl('/flaky'))).json();
    const id = await confirmedBooking(t, cast.traveler, cast.guide.guideId, daysAhead(12));
    await t.app.jobs.settled();
    soldByA.add(id);
    answers.push(500);
    const declined = await callAs(t, 'POST', `/api/v2/bookings/${id}/decline`, cast.guide, { reason: 'Ill' });
    expect(declined.statusCode).toBe(200);
    await t.app.jobs.settled();
    expect(at('/flaky')).toHaveLength(1);
    await t.app.jobs.tick(new Date(Date.now() + 10_000));
    expect(at('/flaky')).toHaveLength(1);
    await t.app.jobs.tick(new Date(Date.now() + 60_000));
    const [first, second] = at('/flaky');
    expect(at('/flaky')).toHaveLength(2);
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['octo-delivery-id']).toBe(first!.headers['octo-delivery-id']);
    expect(second!.headers['octo-signature']).toBe(`sha256=${macOf(hook.secret, second!.body)}`);
    expect(JSON.parse(second!.body).booking.status).toBe('cancelled');
    await t.app.jobs.tick(new Date(Date.now() + 4 * 3_600_000));
    expect(at('/flaky')).toHaveLength(2);
    await remove(a.apiKey, hook.id);
  });

  it('never calls a name that resolves to a private address now, nor follows a redirect', async () => {
    // Registered when its name was public, say; now it resolves to loopback, which is not allowed by name.
    const seal = new Seal(t.app.ctx.jwtSecret, 'octo-webhook');
    const [row] = await t.database.db
      .insert(octoWebhooks)
      .values({
        channelId: a.id,
        event: 'booking_update',
        url: `http://localhost:${port}/rebound`,
        secretSealed: seal.seal('whsec_x'),
      })
      .returning();
    const id = await soldBooking(13);
    await t.app.jobs.settled();
    expect(at('/rebound')).toEqual([]);
    const failed = rowsOf<{ last_error: string }>(
      await t.database.db.execute(
        sql`SELECT last_error FROM jobs WHERE kind = 'octo.webhook' AND payload->>'webhookId' = ${row!.id}`,
      ),
    );
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) expect(f.last_error).toContain('address_refused');
    soldByA.delete(id);

    answers.push(302);
    const sign = { secret: 'whsec_x', deliveryId: 'd1' };
    const rules = { allowHosts: [`127.0.0.1:${port}`], httpsOnly: false };
    expect(await deliver(hookUrl('/moved'), '{}', sign, rules)).toMatchObject({
      kind: 'failed',
      problem: 'http_error',
    });
    expect(await deliver('http://10.0.0.8/hook', '{}', sign, rules)).toMatchObject({ problem: 'address_refused' });
    expect(at('/moved')).toHaveLength(1);
  });

  it('tries once without retryOnError, drops a deleted webhook’s retries, and tells a revoked reseller nothing', async () => {
    await register(a.apiKey, hookUrl('/once'), { retryOnError: false });
    const deleted = (await register(a.apiKey, hookUrl('/deleted'))).json();
    const id = await confirmedBooking(t, cast.traveler, cast.guide.guideId, daysAhead(14));
    await t.app.jobs.settled();
    soldByA.add(id);
    answers.push(500, 500);
    expect((await callAs(t, 'POST', `/api/v2/bookings/${id}/accept`, cast.guide)).statusCode).toBe(200);
    await t.app.jobs.settled();
    expect([at('/once').length, at('/deleted').length]).toEqual([1, 1]);
    await remove(a.apiKey, deleted.id);
    await t.app.jobs.tick(new Date(Date.now() + 3_600_000));
    expect([at('/once').length, at('/deleted').length]).toEqual([1, 1]);

    const revoke = { method: 'DELETE' as const, url: `/api/admin/channels/${a.id}`, headers: auth(cast.admin) };
    expect((await t.app.inject(revoke)).statusCode).toBe(200);
    const cancelled = await callAs(t, 'PATCH', `/api/bookings/${id}/status`, cast.traveler, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.app.jobs.settled();
    expect(at('/once')).toHaveLength(1);
  });
});
