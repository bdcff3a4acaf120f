import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import { fxFeedFailures, fxRates, systemMessages } from '../../db/schema/index';
import { startTestEcb, type EcbMode, type TestEcb } from '../../test/ecb-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callAs, person, type Person } from '../bookings/test-helpers';
import { ecbFeed } from './ecb-feed';

/**
 * The exchange rate under FX_PROVIDER=ecb (decision 165), against the project's local server speaking
 * the ECB's daily file (src/server/test/ecb-server.ts). Time is the job runner's: each test ticks it
 * through the days it needs, on an app and a database of its own.
 */
const D = '2026-12-03'; // a Thursday
const at = (day: string, time = '16:05') => new Date(`${day}T${time}:00Z`);
const ECB_D = { jpyPerCny: '21.532484', asOf: D, source: 'ecb' };

let ecb: TestEcb;
let t: TestApp;
let admin: Person;

beforeEach(async () => {
  ecb = await startTestEcb(D);
  t = await createTestApp({ seed: 'none', env: ecb.env });
  admin = await person(t, { admin: true });
});
afterEach(async () => {
  await t.close();
  await ecb.close();
});

const publicRate = async () => (await t.app.inject({ url: '/api/v2/fx/rate' })).json();
const overview = async () => (await callAs(t, 'GET', '/api/admin/fx', admin)).json();
const storedRates = () => t.database.db.select().from(fxRates).orderBy(fxRates.asOf);
const failures = () => t.database.db.select().from(fxFeedFailures).orderBy(fxFeedFailures.id);
const notices = () =>
  t.database.db
    .select()
    .from(systemMessages)
    .where(and(eq(systemMessages.userId, admin.id), like(systemMessages.dedupeKey, 'fx-feed:%')))
    .orderBy(systemMessages.id);

/** The day's read, then its first retry (the runner's back-off is 30 s): trouble twice, told once. */
async function readTwice(day: string) {
  await t.app.jobs.tick(at(day));
  await t.app.jobs.tick(at(day, '16:06'));
}

describe('the ECB feed', () => {
  it('is read once a day and kept with its day and source; prices use the newest rate', async () => {
    // Before the first read: FX_JPY_PER_CNY.
    expect(await publicRate()).toEqual({ jpyPerCny: '20.5', asOf: todayInZone('Asia/Tokyo'), source: 'fixed' });
    await t.app.jobs.tick(at(D));
    expect(ecb.requests).toBe(1);
    expect(await publicRate()).toEqual(ECB_D);
    expect((await storedRates()).map((r) => [r.source, r.asOf, r.jpyPerCny, r.fetchedAt.toISOString()])).toEqual([
      ['ecb', D, '21.532484', at(D).toISOString()],
    ]);
    // The same day again: nothing is asked.
    await t.app.jobs.tick(at(D, '20:00'));
    expect(ecb.requests).toBe(1);

    // Friday's rates, read after 16:00 UTC.
    ecb.day = addDays(D, 1);
    ecb.rates = { JPY: '170.00', USD: '1.05', CNY: '7.9000' };
    await t.app.jobs.tick(at(addDays(D, 1), '15:59'));
    expect(ecb.requests).toBe(1);
    await t.app.jobs.tick(at(addDays(D, 1)));
    expect(await publicRate()).toEqual({ jpyPerCny: '21.518987', asOf: addDays(D, 1), source: 'ecb' });
    // The weekend gives Friday's again: nothing new, nothing wrong.
    await t.app.jobs.tick(at(addDays(D, 2)));
    await t.app.jobs.tick(at(addDays(D, 3)));
    expect(ecb.requests).toBe(4);
    const seen = await overview();
    expect(seen).toMatchObject({
      provider: 'ecb',
      configuredJpyPerCny: '20.5',
      current: { jpyPerCny: '21.518987', asOf: addDays(D, 1), source: 'ecb' },
      lastFailure: null,
    });
    expect(
      seen.rates.map((r: { asOf: string; source: string; jpyPerCny: string }) => [r.asOf, r.source, r.jpyPerCny]),
    ).toEqual([
      [addDays(D, 1), 'ecb', '21.518987'],
      [D, 'ecb', '21.532484'],
    ]);
    expect(await failures()).toEqual([]);
    expect(await notices()).toEqual([]);
  });

  it('is late when its newest rates are more than 4 days old: the last good rate stays, the admins are told once', async () => {
    await t.app.jobs.tick(at(D));
    // Four days on (a long weekend's Monday holiday) it is still on time.
    await t.app.jobs.tick(at(addDays(D, 4)));
    expect(await failures()).toEqual([]);
    await readTwice(addDays(D, 5));
    expect(await publicRate()).toEqual(ECB_D);
    expect((await failures()).map((f) => [f.kind, f.feedAsOf])).toEqual([
      ['late', D],
      ['late', D],
    ]);
    const told = await notices();
    expect(told.map((n) => n.dedupeKey)).toEqual([`fx-feed:${addDays(D, 5)}`]);
    expect(told[0]!.texts?.en?.message).toContain('its newest rates are those of Dec 3, 2026');
    expect(told[0]!.texts?.en?.message).toContain('the last good rate, 21.532484 yen per yuan of Dec 3, 2026');
    expect(told[0]!.texts?.['zh-CN']?.message).toContain('最新汇率仍为2026年12月3日的数据');
    expect(told[0]!.actionUrl).toBe('/admin/rates');
    expect((await overview()).lastFailure).toEqual({
      at: at(addDays(D, 5), '16:06').toISOString(),
      kind: 'late',
      detail: expect.stringContaining(D),
      feedAsOf: D,
    });
    expect((await storedRates()).length).toBe(1);
  });

  it.each<[EcbMode, string, string]>([
    ['broken', 'broken', 'no dated reference rates'],
    ['missing', 'broken', `no CNY rate for ${D}`],
    [500, 'http_error', 'HTTP 500'],
  ])('answering %s keeps the last good rate and tells the admins once that day (%s)', async (mode, kind, detail) => {
    await t.app.jobs.tick(at(D));
    ecb.mode = mode;
    const next = addDays(D, 1);
    await readTwice(next);
    expect(await publicRate()).toEqual(ECB_D);
    expect((await failures()).map((f) => [f.kind, f.detail])).toEqual([
      [kind, expect.stringContaining(detail)],
      [kind, expect.stringContaining(detail)],
    ]);
    expect((await notices()).map((n) => n.dedupeKey)).toEqual([`fx-feed:${next}`]);
    // Trouble the day after is told again, once.
    await readTwice(addDays(D, 2));
    expect((await notices()).map((n) => n.dedupeKey)).toEqual([`fx-feed:${next}`, `fx-feed:${addDays(D, 2)}`]);
    // Once it answers again, its rate is read.
    ecb.mode = 'good';
    ecb.day = addDays(D, 2);
    await t.app.jobs.tick(at(addDays(D, 2), '16:10'));
    expect((await publicRate()).asOf).toBe(addDays(D, 2));
  });

  it('hanging is given up after the timeout while pages keep answering with the last good rate', async () => {
    await t.app.jobs.tick(at(D));
    t.app.fx.feed = ecbFeed({ url: ecb.url, timeoutMs: 1_000 });
    ecb.mode = 'hang';
    let givenUp = false;
    const reading = t.app.jobs.tick(at(addDays(D, 1))).then(() => (givenUp = true));
    expect(await publicRate()).toEqual(ECB_D);
    expect(givenUp, 'the page waited for the feed').toBe(false);
    await reading;
    expect((await failures()).map((f) => [f.kind, f.detail])).toEqual([['timeout', 'no answer within 1 s']]);
    expect((await notices()).length).toBe(1);
  });

  it('unreachable is recorded as such', async () => {
    await t.app.jobs.tick(at(D));
    await ecb.close();
    await t.app.jobs.tick(at(addDays(D, 1)));
    expect((await failures()).map((f) => f.kind)).toEqual(['unreachable']);
    expect(await publicRate()).toEqual(ECB_D);
  });

  it('failing on the first start leaves FX_JPY_PER_CNY in use (source fixed) and tells the admins so; its first answer replaces it', async () => {
    ecb.mode = 500;
    await readTwice(D);
    expect(await publicRate()).toEqual({ jpyPerCny: '20.5', asOf: todayInZone('Asia/Tokyo'), source: 'fixed' });
    const told = await notices();
    expect(told.length).toBe(1);
    expect(told[0]!.texts?.en?.message).toContain(
      'No ECB rate has been read yet, so prices use the fixed rate of 20.5 yen per yuan (FX_JPY_PER_CNY)',
    );
    expect(told[0]!.texts?.['zh-CN']?.message).toContain('1 元 = 20.5 日元');
    ecb.mode = 'good';
    await t.app.jobs.tick(at(D, '16:10'));
    expect(await publicRate()).toEqual(ECB_D);
  });

  it("refuses an admin's fixed rate, which would not be used (409 rate_from_feed)", async () => {
    const res = await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny: '21' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('rate_from_feed');
    expect(await storedRates()).toEqual([]);
  });
});
