import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-row';
import { jobs } from '../db/schema/index';

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** One job per key: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  runAt: Date;
}

/**
 * Adds a job. Call it with the transaction that makes the job necessary, so the two commit together
 * and a restart never loses one. Returns the job's id (undefined when the dedupe key already exists).
 */
export async function enqueueJob(db: Database, job: NewJob): Promise<number | undefined> {
  const rows = await db
    .insert(jobs)
    .values({ kind: job.kind, payload: job.payload ?? {}, runAt: job.runAt, dedupeKey: job.dedupeKey })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows[0]?.id;
}

/** Several jobs in one statement (a transaction's follow-up jobs and its outbox events); those added. */
export async function enqueueJobs(db: Database, list: NewJob[]): Promise<{ id: number; kind: string }[]> {
  if (!list.length) return [];
  return db
    .insert(jobs)
    .values(list.map((job) => ({ kind: job.kind, payload: job.payload ?? {}, runAt: job.runAt, dedupeKey: job.dedupeKey })))
    .onConflictDoNothing()
    .returning({ id: jobs.id, kind: jobs.kind });
}

const LEASE = sql`interval '5 minutes'`;

/**
 * Claims the next due job (or a running one whose lease has passed: its instance died) exactly once
 * across instances: `FOR UPDATE SKIP LOCKED`. `id` claims that job only, if it is due.
 */
export async function claimJob(db: Database, now: Date, id?: number, whenever = false): Promise<ClaimedJob | undefined> {
  const only = id === undefined ? sql`` : sql`AND id = ${id}`;
  const at = sql`${now.toISOString()}::timestamptz`;
  // `whenever`: that job now, whatever its run_at says (the outbox's kick after the commit that wrote it).
  const due = whenever ? sql`` : sql`AND run_at <= ${at}`;
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ${at} + ${LEASE}, updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE ((status = 'queued' ${due}) OR (status = 'running' AND locked_until < ${at})) ${only}
      ORDER BY run_at, id
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING id, kind, payload, attempts, run_at`);
  const rows = rowsOf<{ id: number; kind: string; payload: Record<string, unknown>; attempts: number; run_at: string | Date }>(result);
  const row = rows[0];
  if (!row) return undefined;
  return { id: Number(row.id), kind: row.kind, payload: row.payload, attempts: Number(row.attempts), runAt: new Date(row.run_at) };
}

export async function finishJob(db: Database, id: number): Promise<void> {
  await db.update(jobs).set({ status: 'done', lockedUntil: null, updatedAt: new Date() }).where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
}

/** A failed attempt: queued again after `retryAt`, or failed for good. */
export async function failJob(db: Database, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(jobs)
    .set(
      retryAt
        ? { status: 'queued', runAt: retryAt, lastError: error.slice(0, 2000), lockedUntil: null, updatedAt: new Date() }
        : { status: 'failed', lastError: error.slice(0, 2000), lockedUntil: null, updatedAt: new Date() },
    )
    .where(eq(jobs.id, id));
}

/** Dead letters: jobs that used up their retries, newest first (the admin console's list). */
export async function failedJobs(db: Database, opts: { before?: number; limit: number }) {
  return db
    .select({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts, lastError: jobs.lastError, runAt: jobs.runAt, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(and(eq(jobs.status, 'failed'), opts.before ? lt(jobs.id, opts.before) : undefined))
    .orderBy(desc(jobs.id))
    .limit(opts.limit);
}

/** Puts a dead letter back in the queue for one more round of attempts; undefined when it is not failed. */
export async function retryFailedJob(db: Database, id: number, now: Date) {
  const [row] = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAt: now, lockedUntil: null, updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning({ id: jobs.id, kind: jobs.kind, lastError: jobs.lastError });
  return row;
}
