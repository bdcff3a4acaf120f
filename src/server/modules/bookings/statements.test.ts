import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { jobs } from '../../db/schema/index';
import { statementCounter } from '../../test/statement-counter';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, daysAhead, guidePerson, pay, person } from './test-helpers';

/**
 * The request path does only the request's work. Counts the PostgreSQL statements a
 * booking's create and deposit payment (card) send on the request path — the notices and mails they
 * cause run afterwards in the job runner (decision 085), counted apart. PostgreSQL only (the driver
 * is where statements are counted); on PGlite the file is skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)(
  "statements on the booking path (counted on PostgreSQL only: skipped on PGlite; CI's PostgreSQL pass runs it)",
  () => {
    let t: TestApp;
    const counter = statementCounter(160);
    const seen = counter.seen;
    beforeAll(async () => {
      t = await createTestApp();
      counter.install();
    });
    afterAll(async () => {
      counter.uninstall();
      await t?.close();
    });

    // Decision 090: create 6 (session; begin; locks with the guide; the day with the traveler's overlaps;
    // the booking with its jobs; commit) + pay 7 (session; begin; the lock with the reply's parties; the
    // claim; commit; the provider's record; the success in one statement) = 13 (was 25, and 44 before
    // decision 085). Decision 149: create 5 (begin; the session with the locks and the guide; the day; the
    // booking with its jobs; commit) + pay 3 (the session, the lock and the claim in one statement
    // without a transaction; the provider's record; the success) = 8. After the commit, per booking: two events (the
    // recipients with their settings, the notices, the mails with their job) and two mail jobs (the mails), and the
    // runner's bookkeeping, claims and outcomes together in batches: at most one statement per job (was
    // two, 16 in all).
    it('create + pay (deposit, card): at most 8 statements on the request path (was 13), at most 12 delivering after the commit (was 16)', async () => {
      const guide = await guidePerson(t, { priceRmb: 300 });
      const warm = await person(t);
      const w = await book(t, warm, {
        guideId: guide.guideId,
        date: daysAhead(30),
        startTime: '10:00',
        durationHours: 2,
        travelers: 2,
      });
      await pay(t, warm, w.json().id);
      await t.app.jobs.settled();

      const traveler = await person(t);
      t.app.jobs.immediate = false; // the background's share is counted below, apart
      counter.on = true;
      const created = await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(31),
        startTime: '10:00',
        durationHours: 2,
        travelers: 2,
      });
      const createStatements = seen.length;
      const paid = await pay(t, traveler, created.json().id);
      const requestPath = seen.filter((s) => !s.background);
      counter.on = false;
      const before = seen.length;
      // What the outbox's kicks do after the commits (`jobs.soon`), without the tick's sweep: the two
      // commits' kicks arriving together, as they do under load, are claimed by one statement (decision 149).
      t.app.jobs.immediate = true;
      const pending = await t.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), eq(jobs.kind, 'booking.event')));
      counter.on = true;
      t.app.jobs.soon(pending.map((p) => p.id));
      await t.app.jobs.settled();
      counter.on = false;
      const afterCommit = seen.slice(before);
      const bookkeeping = afterCommit.filter((s) => s.bookkeeping).length;
      const ran = await t.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'done'), inArray(jobs.kind, ['booking.event', 'mail.send'])));
      expect(created.statusCode).toBe(201);
      expect(paid.statusCode).toBe(201);
      const report = [
        `create ${createStatements}, pay ${requestPath.length - createStatements}, after the commit ${afterCommit.length} (of which ${bookkeeping} the runner's bookkeeping)`,
        ...seen.map((s, i) => `${i < createStatements ? 'C' : i < before ? 'P' : 'J'} ${s.sql}`),
      ].join('\n');
      console.log(report);
      expect(requestPath.length, report).toBeLessThanOrEqual(8);
      // Two events and their two mail jobs: at most one bookkeeping statement per job (was two).
      expect(pending).toHaveLength(2);
      expect(ran.length).toBeGreaterThanOrEqual(4);
      expect(bookkeeping, report).toBeLessThanOrEqual(4);
      // Per event: the recipients' read, then the messages with the mails and their job in one (decision 157);
      // per mail job: its claim. With the bookkeeping, at most 10 (was 12).
      expect(afterCommit.length, report).toBeLessThanOrEqual(10);
    });
  },
);
