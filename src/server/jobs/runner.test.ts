import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/test-app';
import { JobRunner } from './index';

/**
 * The runner's batches (decision 149): several jobs claimed by one statement, their outcomes written
 * together, and still every job run once, whichever runner (instance) takes it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(() => t.close());

const add = async (prefix: string, n: number, runAt: Date) =>
  (
    await t.database.db
      .insert(jobs)
      .values(
        Array.from({ length: n }, (_, i) => ({
          kind: 'test.count',
          payload: { i },
          runAt,
          dedupeKey: `${prefix}-${i}`,
        })),
      )
      .returning({ id: jobs.id })
  ).map((r) => r.id);

/** A runner whose `test.count` handler counts the runs of each job. */
function countingRunner(runs: Map<number, number>, pause = 0) {
  const runner = new JobRunner(t.database.db);
  runner.register('test.count', async (job) => {
    runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    if (pause) await new Promise((r) => setTimeout(r, pause));
  });
  return runner;
}

describe('the job runner in batches', () => {
  it('runs every due job once when two runners tick side by side, and marks each done', async () => {
    const at = new Date('2031-01-01T00:00:00Z');
    const ids = await add('pair', 45, at);
    const runs = new Map<number, number>();
    const [a, b] = [countingRunner(runs, 1), countingRunner(runs, 1)];
    const [na, nb] = await Promise.all([a.tick(at), b.tick(at)]);
    expect(na + nb).toBe(45);
    expect(ids.every((id) => runs.get(id) === 1)).toBe(true);
    const rows = await t.database.db
      .select({ status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(inArray(jobs.id, ids));
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it('runs kicked jobs once, however many kicks come together, and writes their outcomes', async () => {
    const ids = await add('kick', 30, new Date());
    const runs = new Map<number, number>();
    const runner = countingRunner(runs);
    for (const id of ids) runner.soon(id);
    runner.soon(ids.slice(0, 10)); // a kick repeated (a replayed event) runs nothing twice
    await runner.settled();
    expect(ids.every((id) => runs.get(id) === 1)).toBe(true);
    const rows = await t.database.db.select({ status: jobs.status }).from(jobs).where(inArray(jobs.id, ids));
    expect(rows.every((r) => r.status === 'done')).toBe(true);
  });

  it('hands the rest of a batch back unrun when it stops, its attempts as they were', async () => {
    const at = new Date('2032-01-01T00:00:00Z');
    const ids = await add('stop', 5, at);
    const runs = new Map<number, number>();
    const runner = new JobRunner(t.database.db);
    runner.register('test.count', async (job) => {
      runs.set(job.id, 1);
      void runner.stop();
    });
    expect(await runner.tick(at)).toBe(1);
    const rows = await t.database.db
      .select({ id: jobs.id, status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(like(jobs.dedupeKey, 'stop-%'));
    const ran = rows.filter((r) => runs.has(r.id));
    expect(ran).toEqual([expect.objectContaining({ status: 'done', attempts: 1 })]);
    expect(rows.filter((r) => !runs.has(r.id)).every((r) => r.status === 'queued' && r.attempts === 0)).toBe(true);
    // Another runner takes them.
    const later = new Map<number, number>();
    expect(await countingRunner(later).tick(at)).toBe(4);
    expect(ids.filter((id) => !runs.has(id)).every((id) => later.get(id) === 1)).toBe(true);
  });
});
