import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayInZone } from '../../../shared/availability';
import { loadConfig } from '../../config';
import { adminAuditLog, fxRates } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callAs, guidePerson, person, type Person } from '../bookings/test-helpers';
import { CACHE_MS } from './fx.service';

/**
 * The exchange rate under FX_PROVIDER=fixed, the default (decision 165): the setting, the admin's rate, the console's
 * routes.
 */
let t: TestApp;
let admin: Person;
let traveler: Person;
let guide: Person;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  traveler = await person(t);
  guide = await guidePerson(t);
});
afterAll(() => t.close());

const today = () => todayInZone('Asia/Tokyo');
const publicRate = async () => (await t.app.inject({ url: '/api/v2/fx/rate' })).json();
const setRate = (who: Person | null, body: unknown) => callAs(t, 'PUT', '/api/admin/fx/rate', who, body);

describe('the settings', () => {
  it('default to the fixed rate of 20.5 yen per yuan, and take another written as a stored rate is', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).fx).toEqual({
      provider: 'fixed',
      jpyPerCny: '20.5',
      ecbUrl: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml',
    });
    expect(loadConfig({ NODE_ENV: 'test', FX_JPY_PER_CNY: ' 21.530000 ' }).fx.jpyPerCny).toBe('21.53');
    expect(
      loadConfig({ NODE_ENV: 'test', FX_PROVIDER: 'ecb', FX_ECB_URL: 'http://127.0.0.1:9/x.xml' }).fx,
    ).toMatchObject({ provider: 'ecb', ecbUrl: 'http://127.0.0.1:9/x.xml' });
  });

  it.each(['0', '0.99', '1000.000001', '20.1234567', 'abc', '20,5', '-20', ''])(
    'refuse FX_JPY_PER_CNY=%j at start',
    (value) => {
      expect(() => loadConfig({ NODE_ENV: 'test', FX_JPY_PER_CNY: value })).toThrow(/FX_JPY_PER_CNY/);
    },
  );

  it('refuse an unknown FX_PROVIDER and an FX_ECB_URL that is no URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', FX_PROVIDER: 'xe' })).toThrow(/FX_PROVIDER/);
    expect(() => loadConfig({ NODE_ENV: 'test', FX_ECB_URL: 'ecb.europa.eu' })).toThrow(/FX_ECB_URL/);
  });
});

describe('the fixed rate', () => {
  it('is FX_JPY_PER_CNY dated today in Japan until an admin sets one, for anyone', async () => {
    const res = await t.app.inject({ url: '/api/v2/fx/rate' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ jpyPerCny: '20.5', asOf: today(), source: 'fixed' });
    expect(await t.app.fx.current()).toEqual({ jpyPerCny: '20.5', asOf: today(), source: 'fixed' });
  });

  it('shows the admin what is in use, with nothing kept and no failure', async () => {
    const res = await callAs(t, 'GET', '/api/admin/fx', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'fixed',
      configuredJpyPerCny: '20.5',
      current: { jpyPerCny: '20.5', asOf: today(), source: 'fixed' },
      rates: [],
      lastFailure: null,
    });
  });

  it('is refused to everyone but admins as the other admin routes are: 404 signed in, 401 without a token, nothing changed', async () => {
    for (const who of [traveler, guide]) {
      expect((await callAs(t, 'GET', '/api/admin/fx', who)).statusCode).toBe(404);
      const res = await setRate(who, { jpyPerCny: '30' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await callAs(t, 'GET', '/api/admin/fx', null)).statusCode).toBe(401);
    expect((await setRate(null, { jpyPerCny: '30' })).statusCode).toBe(401);
    expect(await t.database.db.select().from(fxRates)).toEqual([]);
    expect((await publicRate()).jpyPerCny).toBe('20.5');
  });

  it.each([['0'], ['0.5'], ['1000.000001'], ['20.1234567'], ['abc'], [''], ['-20'], ['20,5'], [20.5], [null]])(
    'refuses %j with 400 validation_failed naming body.jpyPerCny',
    async (jpyPerCny) => {
      const res = await setRate(admin, { jpyPerCny });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.jpyPerCny']);
    },
  );

  it('refuses a body with anything else in it', async () => {
    const res = await setRate(admin, { jpyPerCny: '21', source: 'ecb' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('set by an admin is the rate at once (source admin, dated today), audited with what it replaced; a second one that day replaces the first', async () => {
    const res = await setRate(admin, { jpyPerCny: ' 21.530 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().current).toEqual({ jpyPerCny: '21.53', asOf: today(), source: 'admin' });
    expect(res.json().rates).toEqual([
      { jpyPerCny: '21.53', asOf: today(), source: 'admin', recordedAt: expect.any(String) },
    ]);
    expect(await publicRate()).toEqual({ jpyPerCny: '21.53', asOf: today(), source: 'admin' });

    expect((await setRate(admin, { jpyPerCny: '21.6' })).statusCode).toBe(200);
    expect(await publicRate()).toEqual({ jpyPerCny: '21.6', asOf: today(), source: 'admin' });
    const rows = await t.database.db.select().from(fxRates);
    expect(rows.map((r) => [r.source, r.asOf, r.jpyPerCny])).toEqual([['admin', today(), '21.600000']]);

    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'fx_rate.set'), eq(adminAuditLog.entityType, 'fx_rate')))
      .orderBy(adminAuditLog.id);
    expect(audit.map((a) => [a.adminUserId, a.entityId, a.before, a.after])).toEqual([
      [
        admin.id,
        rows[0]!.id,
        { jpyPerCny: '20.5', asOf: today(), source: 'fixed' },
        { jpyPerCny: '21.53', asOf: today(), source: 'admin' },
      ],
      [
        admin.id,
        rows[0]!.id,
        { jpyPerCny: '21.53', asOf: today(), source: 'admin' },
        { jpyPerCny: '21.6', asOf: today(), source: 'admin' },
      ],
    ]);
  });

  it("the newest day's admin rate counts; a change another instance made is read within the cache's minute", async () => {
    // Another instance's change: a row this instance did not write, for a later day.
    const tomorrow = todayInZone('Asia/Tokyo', new Date(Date.now() + 86_400_000));
    await t.database.db.insert(fxRates).values({ jpyPerCny: '22.000000', asOf: tomorrow, source: 'admin' });
    expect((await publicRate()).jpyPerCny).toBe('21.6');
    const realNow = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(realNow + CACHE_MS + 1);
    try {
      expect(await publicRate()).toEqual({ jpyPerCny: '22', asOf: tomorrow, source: 'admin' });
    } finally {
      later.mockRestore();
    }
  });
});
