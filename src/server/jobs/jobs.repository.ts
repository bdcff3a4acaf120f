import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { intArray, rowsOf } from '../db/raw-row';
import { prepared } from '../db/prepared';
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
    .values(
      list.map((job) => ({ kind: job.kind, payload: job.payload ?? {}, runAt: job.runAt, dedupeKey: job.dedupeKey })),
    )
    .onConflictDoNothing()
    .returning({ id: jobs.id, kind: jobs.kind });
}

/**
 * Deletes the done jobs of `kind` that ran before `before`; how many. A kind queued on a clock (one per round of a
 * sweep) leaves a row a round otherwise. Only the kind's owner may ask: it knows no key of a finished round is
 * queued again, so the dedupe key the row kept is no longer needed.
 */
export async function deleteDoneJobs(db: Database, kind: string, before: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, 'done'), lt(jobs.runAt, before)))
    .returning({ id: jobs.id });
  return rows.length;
}

const LEASE = sql`interval '5 minutes'`;
/**
 * How long a claim holds its jobs before another runner may take them (the runner hands back what it could not start in
 * half of it).
 */
export const LEASE_MS = 5 * 60_000;

/**
 * What became of a claimed job: `done`; `queued` again at `runAt` (a failure to retry, or, with
 * `unrun`, a claim handed back without running, whose attempt does not count); `failed` for good.
 */
export interface JobOutcome {
  id: number;
  status: 'done' | 'queued' | 'failed';
  runAt?: Date;
  error?: string;
  unrun?: boolean;
}

/**
 * Which jobs to claim: these `ids` (if due, or whatever their `run_at` with `whenever`), else the next `limit` due
 * ones.
 */
export interface JobClaim {
  now: Date;
  limit: number;
  ids?: number[];
  whenever?: boolean;
}

const outcomesJson = (outcomes: JobOutcome[]) =>
  JSON.stringify(
    outcomes.map((o) => ({
      id: o.id,
      status: o.status,
      run_at: o.runAt?.toISOString() ?? null,
      error: o.error?.slice(0, 2000) ?? null,
      unrun: Boolean(o.unrun),
    })),
  );

// The outcomes' ids again as an array, so the planner finds their rows by the primary key whatever it
// guesses of the recordset's size: its guess of 100 rows had it scan the whole table, read at every
// tick (2,800 pages a statement with a marketplace's done jobs in it: decision 159).
const SETTLE = sql`o AS (
      UPDATE jobs SET status = x.status, run_at = coalesce(x.run_at, jobs.run_at),
             last_error = CASE WHEN x.status = 'done' OR x.unrun THEN jobs.last_error ELSE x.error END,
             attempts = jobs.attempts - CASE WHEN x.unrun THEN 1 ELSE 0 END, locked_until = NULL, updated_at = now()
        FROM jsonb_to_recordset(${sql.placeholder('outcomes')}::jsonb) AS x(id int, status text, run_at timestamptz, error text, unrun boolean)
       WHERE jobs.id = x.id AND jobs.id = ANY(${sql.placeholder('settled')}::int[]) AND jobs.status = 'running'
      RETURNING jobs.id
    )`;

const settleOnly = prepared(() => sql`WITH ${SETTLE} SELECT count(*)::int AS n FROM o`);

/** A claim's shape: `w` when it takes queued jobs whenever they are due, then `i` when only the jobs `ids`. */
type ClaimShape = `${'w' | '-'}${'i' | '-'}`;

// Due jobs and lapsed leases are looked for apart, each through its own index (a due job's run_at
// bounds the scan of jobs_due_idx; jobs_lease_idx holds the running ones), then the first `limit` of
// both are taken. One condition with an OR read every queued job, those due in days included, at
// every tick (decision 159). A row locked here and not taken stays queued; its lock ends with the statement.
const settleThenClaim = prepared((shape: ClaimShape) => {
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const due = shape[0] === 'w' ? sql`status = 'queued'` : sql`status = 'queued' AND run_at <= ${at}`;
  const only = shape[1] === 'i' ? sql`AND id = ANY(${sql.placeholder('ids')}::int[])` : sql``;
  const limit = sql.placeholder('limit');
  return sql`
    WITH ${SETTLE},
    due AS (
      SELECT id, run_at FROM jobs WHERE ${due} ${only}
       ORDER BY run_at, id FOR UPDATE SKIP LOCKED LIMIT ${limit}
    ),
    lapsed AS (
      SELECT id, run_at FROM jobs WHERE status = 'running' AND locked_until < ${at} ${only}
       ORDER BY run_at, id FOR UPDATE SKIP LOCKED LIMIT ${limit}
    ),
    pick AS (
      SELECT id FROM (SELECT * FROM due UNION ALL SELECT * FROM lapsed) both_kinds ORDER BY run_at, id LIMIT ${limit}
    ),
    c AS (
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ${at} + ${LEASE}, updated_at = now()
        FROM pick WHERE jobs.id = pick.id
      RETURNING jobs.id, jobs.kind, jobs.payload, jobs.attempts, jobs.run_at
    )
    SELECT c.*, (SELECT count(*) FROM o)::int AS settled FROM c ORDER BY c.run_at, c.id`;
});

/**
 * The job runner's bookkeeping in one statement (decision 149): the outcomes of the jobs it ran are
 * written, and the next jobs are claimed — due ones (or running ones whose lease has passed: their
 * instance died) exactly once across instances, `FOR UPDATE SKIP LOCKED`. An outcome is written only
 * while its job is still `running`. The claim's snapshot does not see the outcomes written beside it,
 * so a job settled here is never claimed again by the same statement (it is still leased there).
 */
export async function settleAndClaim(db: Database, outcomes: JobOutcome[], claim?: JobClaim): Promise<ClaimedJob[]> {
  const values = { outcomes: outcomesJson(outcomes), settled: intArray(outcomes.map((o) => o.id)) };
  if (!claim) {
    await settleOnly(db, '', values);
    return [];
  }
  const shape: ClaimShape = `${claim.whenever ? 'w' : '-'}${claim.ids ? 'i' : '-'}`;
  const result = await settleThenClaim(db, shape, {
    ...values,
    at: claim.now.toISOString(),
    limit: claim.limit,
    ids: claim.ids && intArray(claim.ids),
  });
  return rowsOf<{
    id: number;
    kind: string;
    payload: Record<string, unknown>;
    attempts: number;
    run_at: string | Date;
  }>(result).map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    payload: row.payload,
    attempts: Number(row.attempts),
    runAt: new Date(row.run_at),
  }));
}

/**
 * Claims job `id` alone (or the next due one), as `settleAndClaim` does; undefined when it is not due or someone holds
 * it.
 */
export async function claimJob(
  db: Database,
  now: Date,
  id?: number,
  whenever = false,
): Promise<ClaimedJob | undefined> {
  const [job] = await settleAndClaim(db, [], { now, limit: 1, ids: id === undefined ? undefined : [id], whenever });
  return job;
}

/** Dead letters: jobs that used up their retries, newest first (the admin console's list). */
export async function failedJobs(db: Database, opts: { before?: number; limit: number }) {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      runAt: jobs.runAt,
      updatedAt: jobs.updatedAt,
    })
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
