import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, systemMessages } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';
import { NOTIFY_JOB } from '../notifications/index';
import { approvedWithdrawal, bankBatch, guideWithEarnings } from './test-helpers';

/**
 * A payout's notice to the guide goes through the outbox (decision 085): one job written in the
 * transaction that marks the payout paid or failed, delivered by the runner after the commit — so a
 * crash right after the commit still tells the guide, and a change rolled back tells nobody.
 */
let t: TestApp;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
});
afterAll(() => t.close());
afterEach(() => {
  t.app.jobs.immediate = true;
});

const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: auth(admin.token), ...(payload ? { payload } : {}) });
/** The outbox jobs carrying a notice of this payout (paid or failed). */
const noticeJobs = async (withdrawalId: number) =>
  (await t.database.db.select().from(jobs).where(eq(jobs.kind, NOTIFY_JOB))).filter((j) =>
    JSON.stringify(j.payload).includes(`"withdrawal:${withdrawalId}:`),
  );
/** The notices the guide has of this payout. */
const delivered = (guide: Person, withdrawalId: number) =>
  t.database.db
    .select()
    .from(systemMessages)
    .where(
      and(
        eq(systemMessages.userId, guide.id),
        eq(systemMessages.relatedEntityType, 'withdrawal'),
        eq(systemMessages.relatedEntityId, withdrawalId),
      ),
    );

describe('a payout line’s notice (decision 085)', () => {
  it('is one outbox job written with the line’s change, delivered once by the runner; settling again writes none', async () => {
    const guide = await guideWithEarnings(t, 10_000);
    const { id, lineId, withdrawalId } = await bankBatch(t, admin, guide);
    // The process stops right after the commit: only the table knows of the notice.
    t.app.jobs.immediate = false;
    const res = await post(`/api/admin/payout-batches/${id}/lines/${lineId}/paid`);
    expect(res.statusCode, res.body).toBe(200);
    const written = await noticeJobs(withdrawalId);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      status: 'queued',
      payload: {
        notices: [expect.objectContaining({ userId: guide.id, dedupeKey: `withdrawal:${withdrawalId}:paid` })],
      },
    });
    expect(await delivered(guide, withdrawalId)).toHaveLength(0);

    await t.app.jobs.tick(new Date());
    expect(await delivered(guide, withdrawalId)).toHaveLength(1);
    expect((await post(`/api/admin/payout-batches/${id}/lines/${lineId}/paid`)).json().code).toBe('invalid_transition');
    expect(await noticeJobs(withdrawalId)).toHaveLength(1);
    await t.app.jobs.tick(new Date());
    expect(await delivered(guide, withdrawalId)).toHaveLength(1);
  });

  it('is not written when the line’s transaction rolls back; the retry that commits writes one', async () => {
    const guide = await guideWithEarnings(t, 10_000);
    const { id, lineId, withdrawalId } = await bankBatch(t, admin, guide);
    const db = t.database.db;
    // A fault at the commit itself (a deferred trigger), after every statement of the change succeeded.
    await db.execute(
      sql.raw(`create function refuse_payout_notice() returns trigger language plpgsql as $$
        begin
          if new.payload::text like '%withdrawal:${withdrawalId}:fail%' then raise exception 'commit refused'; end if;
          return null;
        end $$`),
    );
    await db.execute(
      sql.raw(
        `create constraint trigger refuse_payout_notice after insert on jobs deferrable initially deferred for each row execute function refuse_payout_notice()`,
      ),
    );
    try {
      const refused = await post(`/api/admin/payout-batches/${id}/lines/${lineId}/failed`, {
        reason: 'Account closed',
      });
      expect(refused.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_payout_notice on jobs'));
      await db.execute(sql.raw('drop function refuse_payout_notice()'));
    }
    expect(await noticeJobs(withdrawalId)).toHaveLength(0);
    const batch = (
      await t.app.inject({ method: 'GET', url: `/api/admin/payout-batches/${id}`, headers: auth(admin.token) })
    ).json();
    expect(batch.lines.find((l: { id: number }) => l.id === lineId)).toMatchObject({
      status: 'pending',
      withdrawalStatus: 'approved',
    });
    await t.app.jobs.tick(new Date());
    expect(await delivered(guide, withdrawalId)).toHaveLength(0);

    expect(
      (await post(`/api/admin/payout-batches/${id}/lines/${lineId}/failed`, { reason: 'Account closed' })).statusCode,
    ).toBe(200);
    expect(await noticeJobs(withdrawalId)).toHaveLength(1);
    await t.app.jobs.settled();
    expect(await delivered(guide, withdrawalId)).toMatchObject([{ dedupeKey: `withdrawal:${withdrawalId}:fail` }]);
  });

  it('a payout settled one by one writes its notice the same way', async () => {
    const guide = await guideWithEarnings(t, 10_000);
    const withdrawalId = await approvedWithdrawal(t, guide, admin, {
      amountCents: 2_000,
      method: 'alipay',
      accountName: 'Yamada',
      accountNumber: 'yamada@example.com',
    });
    expect(await noticeJobs(withdrawalId)).toHaveLength(0); // approving tells nobody
    t.app.jobs.immediate = false;
    expect((await post(`/api/admin/withdrawals/${withdrawalId}/paid`)).statusCode).toBe(200);
    expect(await noticeJobs(withdrawalId)).toMatchObject([
      {
        status: 'queued',
        payload: { notices: [expect.objectContaining({ dedupeKey: `withdrawal:${withdrawalId}:paid` })] },
      },
    ]);
    await t.app.jobs.tick(new Date());
    expect(await delivered(guide, withdrawalId)).toHaveLength(1);
  });
});
