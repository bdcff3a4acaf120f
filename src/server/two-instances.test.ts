/**
 * Two app instances on one PostgreSQL database (decision 088): scheduled jobs run exactly
 * once between them (the jobs table's FOR UPDATE SKIP LOCKED claim), and the in-memory caches that
 * must agree do (the search index follows the guides table through NOTIFY guide_search on each).
 *
 * The other in-memory caches were checked and need no message between instances: the service
 * catalogue is reference data no route writes (60 s per instance); the response figures on search
 * cards are a 5-minute TTL by design (decision 077); rendered booking PDFs are keyed by a hash of the
 * booking, so a changed booking is a new key; rate limits and the login throttle live in Redis when
 * REDIS_URL is set (decision 087).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { guideListReplySchema } from '../shared/schemas/guides';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { jobs, payoutBatches, users } from './db/schema/index';
import { runSeed } from './db/seed/index';
import type { AppInstance } from './lib/types';
import { bankWithdrawal } from './modules/wallet/test-helpers';
import { cloneTemplateDatabase } from './test/database-template';
import { auth, tokenFor } from './test/guide-fixtures';

const serverUrl = process.env.DATABASE_URL;

interface Instance {
  app: AppInstance;
  database: DatabaseHandle;
  dir: string;
}

let drop: (() => Promise<unknown>) | undefined;
const instances: Instance[] = [];

async function startInstance(url: string, id: string): Promise<Instance> {
  const database = await openDatabase({ databaseUrl: url });
  const dir = mkdtempSync(path.join(tmpdir(), 'tabi-two-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, INSTANCE_ID: id });
  const app = await buildApp(
    { config, database, jwtSecret: 'test-secret-that-is-long-enough-0123456789' },
    { logger: false },
  );
  await app.ready();
  return { app, database, dir };
}

describe.runIf(serverUrl)('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    const copy = await cloneTemplateDatabase(serverUrl!, inject('databaseTemplate') as string);
    drop = copy.drop;
    const seeding = await openDatabase({ databaseUrl: copy.url });
    await runSeed(seeding.db, 'demo');
    await seeding.close();
    instances.push(await startInstance(copy.url, 'two-a'), await startInstance(copy.url, 'two-b'));
  });

  afterAll(async () => {
    for (const i of instances) {
      await i.app.close();
      await i.database.close();
      rmSync(i.dir, { recursive: true, force: true });
    }
    await drop?.();
  });

  it('each reply names the instance that answered', async () => {
    const [a, b] = instances;
    expect((await a!.app.inject({ url: '/healthz' })).headers['x-instance']).toBe('two-a');
    expect((await b!.app.inject({ url: '/healthz' })).headers['x-instance']).toBe('two-b');
  });

  it('runs every due job exactly once while both instances poll', async () => {
    const ran: { id: number; by: string }[] = [];
    for (const [n, i] of instances.entries()) {
      i.app.jobs.register('test.count_once', async (job) => {
        ran.push({ id: job.id, by: `instance-${n}` });
        await new Promise((r) => setTimeout(r, Math.random() * 5));
      });
    }
    const now = new Date('2031-01-01T00:00:00Z');
    const rows = await instances[0]!.database.db
      .insert(jobs)
      .values(
        Array.from({ length: 60 }, (_, k) => ({
          kind: 'test.count_once',
          runAt: new Date(now.getTime() - k * 1000),
          dedupeKey: `count-once-${k}`,
        })),
      )
      .returning({ id: jobs.id });
    // Both tick at the same moment, several times each, as their pollers would.
    await Promise.all(instances.flatMap((i) => [i.app.jobs.tick(now), i.app.jobs.tick(now), i.app.jobs.tick(now)]));
    const ids = ran.map((r) => r.id).sort((x, y) => x - y);
    expect(ids).toEqual(rows.map((r) => r.id).sort((x, y) => x - y));
    expect(new Set(ran.map((r) => r.by)).size).toBe(2); // both took part
    const left = await instances[0]!.database.db.execute(
      sql`select count(*)::int as n from jobs where kind = 'test.count_once' and status <> 'done'`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('forms a week’s payout batches once while both instances tick and run the week (decision 130)', async () => {
    const [a, b] = instances;
    const db = a!.database.db;
    const token = async (username: string) => {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
      return tokenFor(db, u!.id);
    };
    const [guide, admin] = [await token('guide'), await token('admin')];
    // An approved bank payout of the demo guide, who is paid in yen, through one instance and the
    // other. A batch of yen alone needs no rate, so the week's job dates it at once (decision 169).
    const asked = await a!.app.inject({
      method: 'POST',
      url: '/api/v2/wallet/withdrawals',
      headers: auth(guide),
      payload: bankWithdrawal(1_000),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(
      (
        await b!.app.inject({
          method: 'POST',
          url: `/api/admin/withdrawals/${asked.json().withdrawal.id}/approve`,
          headers: auth(admin),
        })
      ).statusCode,
    ).toBe(200);
    // Monday 6 January 2031, 10:30 in Japan: a business day. Both tick twice, and both run the
    // week's service call beside them, as a retried job would.
    const at = new Date('2031-01-06T10:30:00+09:00');
    await Promise.all(
      instances.flatMap((i) => [
        i.app.jobs.tick(at),
        i.app.jobs.tick(at),
        i.app.payoutBatches.formWeekly('2031-01-06', at),
      ]),
    );
    const formed = await db
      .select({ kind: payoutBatches.kind })
      .from(payoutBatches)
      .where(eq(payoutBatches.formedForWeek, '2031-01-06'));
    expect(formed.map((r) => r.kind)).toEqual(['bank']);
    const weekJobs = await db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.dedupeKey, 'payouts.weekly_batches:2031-01-06'));
    expect(weekJobs).toEqual([{ status: 'done' }]);
  });

  it('a guide changed through one instance is found changed by the other’s search', async () => {
    const [a, b] = instances;
    const search = async (i: Instance) =>
      guideListReplySchema.parse((await i.app.inject({ url: '/api/v2/guides?limit=50' })).json()).data;
    const before = await search(b!);
    expect(before.length).toBeGreaterThan(0);
    const guide = before[0]!;
    const price = guide.basicPricePerHourCents + 1234;
    await a!.database.db.execute(sql`update guides set basic_price_per_hour_cents = ${price} where id = ${guide.id}`);
    await b!.app.guideSearch.sync();
    expect((await search(b!)).find((g) => g.id === guide.id)?.basicPricePerHourCents).toBe(price);
    // A second change, and no sync(): the NOTIFY alone brings it to the other instance.
    await a!.database.db.execute(
      sql`update guides set basic_price_per_hour_cents = ${price + 1} where id = ${guide.id}`,
    );
    const deadline = Date.now() + 5_000;
    let seen = 0;
    while (Date.now() < deadline) {
      seen = (await search(b!)).find((g) => g.id === guide.id)?.basicPricePerHourCents ?? 0;
      if (seen === price + 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toBe(price + 1);
  });
});
