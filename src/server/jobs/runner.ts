import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { background, BOOKKEEPING } from '../lib/background';
import { claimJob, LEASE_MS, settleAndClaim, type ClaimedJob, type JobOutcome } from './jobs.repository';
import { AppError } from '../lib/app-error';

export type JobHandler = (job: ClaimedJob, now: Date) => Promise<void>;

const MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min … capped at 1 h. */
const backoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** (attempts - 1));
/** Jobs one statement claims (a tick's batch, or the outbox's kicks gathered since the last statement). */
const BATCH = 20;
/**
 * How long finished jobs wait for a claim to ride with before their outcomes are written alone
 * (decision 149): under load another commit's kick comes within it; a quiet server pays one
 * statement a little later. A crash inside it runs those jobs again after their lease, as a crash
 * between a job and its outcome always could: handlers are idempotent (ARCHITECTURE.md, Jobs).
 */
const LINGER_MS = 15;

/**
 * The runner's own statements (claims, outcomes) are marked apart from its jobs' work, for the bench and the statement
 * tests to count.
 */
const bookkeeping = <T>(fn: () => Promise<T>): Promise<T> => background.run(BOOKKEEPING, fn);

interface PendingOutcome extends JobOutcome {
  written?: () => void;
}

/**
 * Runs the jobs table in-process: every instance polls, and `FOR UPDATE SKIP LOCKED`
 * gives each due job to exactly one. `tick(now)` runs everything due at `now` and returns how many
 * ran, so tests drive time instead of sleeping. `start()` polls; app close stops it.
 *
 * Bookkeeping is batched (decision 149): one statement writes the outcomes of the jobs that ran and
 * claims the next ones (`settleAndClaim`), so a job costs less than one statement of its own.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly sweeps: ((now: Date) => Promise<void>)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  /**
   * Jobs the outbox kicked (`soon`) with the clock of each kick, to be claimed by the next statement whatever their
   * `run_at`.
   */
  private readonly kicked = new Map<number, Date>();
  /** Outcomes of jobs run after a kick or by `runNow`, written by the next statement. */
  private outcomes: PendingOutcome[] = [];
  private flushing: Promise<void> | undefined;
  private linger: NodeJS.Timeout | undefined;
  private flushQueued = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  private stopped = false;
  /**
   * `soon()` runs the job right away (the default). Tests turn it off to stand for a process that
   * dies between the commit and the delivery: the job waits in the table for the next `tick`.
   */
  immediate = true;

  constructor(
    private readonly db: Database,
    private readonly log?: FastifyBaseLogger,
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Work that looks for what needs doing at every tick, before the due jobs (payment reconciliation). */
  sweep(fn: (now: Date) => Promise<void>): void {
    this.sweeps.push(fn);
  }

  /**
   * Runs the sweeps, then every job due at `now`, in batches, one job after the other; returns how many
   * jobs ran, once what they started after their own commits (the jobs their events kicked, which the
   * background may have claimed before this loop could) has run too: a test that drives time reads
   * every effect of the day it ticked to. The poll loop does not wait so (`poll`): on a busy server
   * something is always in flight.
   */
  async tick(now: Date = new Date(), limit = 1000): Promise<number> {
    const n = await this.poll(now, limit);
    await this.settled();
    return n;
  }

  private poll(now: Date = new Date(), limit = 1000): Promise<number> {
    return background.run('jobs', () => this.tickInner(now, limit));
  }

  private async tickInner(now: Date, limit: number): Promise<number> {
    for (const fn of this.sweeps) await fn(now).catch((err: unknown) => this.log?.error({ err }, 'sweep failed'));
    let n = 0;
    let done: JobOutcome[] = [];
    for (;;) {
      const more = n < limit && !this.stopped;
      if (!more && !done.length) break;
      // The last batch's outcomes ride with the next claim; after the last, they are written alone.
      const batch = await bookkeeping(() =>
        settleAndClaim(this.db, done, more ? { now, limit: Math.min(BATCH, limit - n) } : undefined),
      );
      done = [];
      if (!batch.length) break;
      const claimedAt = Date.now();
      for (const job of batch) {
        // A claim is leased: what could not start in half the lease goes back unrun, before another runner may take it.
        if (this.stopped || Date.now() - claimedAt > LEASE_MS / 2)
          done.push({ id: job.id, status: 'queued', unrun: true });
        else {
          done.push(await this.execute(job, now));
          n++;
        }
      }
    }
    return n;
  }

  /** Runs one job now if it is due and nobody else holds it; resolves once it ran and its outcome is written. */
  async runNow(id: number, now: Date = new Date(), whenever = false): Promise<boolean> {
    return background.run('jobs', async () => {
      const job = await bookkeeping(() => claimJob(this.db, now, id, whenever));
      if (!job) return false;
      const outcome = await this.execute(job, now);
      await new Promise<void>((written) => {
        this.outcomes.push({ ...outcome, written });
        this.kick(false);
      });
      return true;
    });
  }

  /**
   * The transactional outbox's kick (decision 085): after the commit that wrote the jobs, run them in
   * the background without making the caller wait. Nothing is lost if this never runs (a crash, or
   * `immediate` off): the rows stay queued and the next `tick` takes them. Kicks that come while a
   * statement is on its way are claimed together by the next one (decision 149).
   */
  soon(ids: number | undefined | (number | undefined)[], now: Date = new Date()): void {
    if (!this.immediate || this.stopped) return;
    for (const id of Array.isArray(ids) ? ids : [ids]) if (id !== undefined) this.kicked.set(id, now);
    this.kick(false);
  }

  /**
   * Asks for a bookkeeping statement: at once for claims (after the caller's own next steps: its
   * reply's read is issued first — on PGlite, one connection, the job's statements would otherwise
   * queue ahead of it), after `LINGER_MS` for outcomes alone. One statement is on its way at a time.
   */
  private kick(outcomesOnly: boolean): void {
    if (this.flushing || this.flushQueued) return;
    if (outcomesOnly) {
      this.linger ??= setTimeout(() => {
        this.linger = undefined;
        this.flush();
      }, LINGER_MS);
      return;
    }
    clearTimeout(this.linger);
    this.linger = undefined;
    this.flushQueued = true;
    setImmediate(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.flushing || (!this.kicked.size && !this.outcomes.length)) return;
    const p = background.run('jobs', () => this.flushInner());
    this.flushing = p;
    this.track(p);
    void p.finally(() => {
      this.flushing = undefined;
      // Kicks, and outcomes someone waits for (`runNow`, `settled`), do not linger.
      if (this.kicked.size || this.outcomes.some((o) => o.written)) this.kick(false);
      else if (this.outcomes.length) this.kick(!this.draining);
    });
  }

  private async flushInner(): Promise<void> {
    const outcomes = this.outcomes;
    this.outcomes = [];
    const ids = [...this.kicked.keys()].slice(0, BATCH);
    const kicks = new Map(ids.map((id) => [id, this.kicked.get(id)!]));
    for (const id of ids) this.kicked.delete(id);
    // The lease runs from the latest of the kicks' clocks (tests pass their own `now`).
    const now = new Date(Math.max(...[...kicks.values()].map((at) => at.getTime())));
    let claimed: ClaimedJob[];
    try {
      claimed = await bookkeeping(() =>
        settleAndClaim(this.db, outcomes, ids.length ? { now, limit: ids.length, ids, whenever: true } : undefined),
      );
    } catch (err) {
      // Nothing is lost: kicked jobs stay queued for the next tick, and jobs whose outcome was not
      // written are taken again when their lease has passed.
      this.log?.error({ err }, 'job bookkeeping failed');
      claimed = [];
    } finally {
      for (const o of outcomes) o.written?.();
    }
    for (const job of claimed) {
      const run = this.execute(job, kicks.get(job.id) ?? now).then((outcome) => {
        this.outcomes.push(outcome);
        this.kick(!this.draining);
      });
      this.track(run);
    }
  }

  private track(p: Promise<unknown>): void {
    this.inFlight.add(p);
    void p
      .catch((err: unknown) => this.log?.error({ err }, 'job run after commit failed'))
      .finally(() => this.inFlight.delete(p));
  }

  /** True while `stop()` drains: outcomes are written at once instead of lingering. */
  private draining = false;

  /**
   * Waits for the jobs `soon()` started and their outcomes to be written (tests; with `drain`, shutdown: no lingering).
   */
  async settled(drain = false): Promise<void> {
    this.draining ||= drain;
    try {
      for (;;) {
        if (this.linger && this.draining) this.kick(false);
        if (!this.inFlight.size && !this.flushQueued && !this.linger && !this.outcomes.length && !this.kicked.size)
          return;
        if (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
        else await new Promise((resolve) => setTimeout(resolve, this.linger ? LINGER_MS : 0));
      }
    } finally {
      if (drain) this.draining = false;
    }
  }

  /** Runs the job's handler; what became of it, for the next bookkeeping statement. */
  private async execute(job: ClaimedJob, now: Date): Promise<JobOutcome> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new AppError('internal', `no handler for job kind ${job.kind}`);
      await handler(job, now);
      return { id: job.id, status: 'done' };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retryAt = job.attempts < MAX_ATTEMPTS ? new Date(now.getTime() + backoffMs(job.attempts)) : null;
      this.log?.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, err },
        `job failed${retryAt ? ', will retry' : ' for good'}`,
      );
      return retryAt
        ? { id: job.id, status: 'queued', runAt: retryAt, error: message }
        : { id: job.id, status: 'failed', error: message };
    }
  }

  /** Polls every `intervalMs` until stopped. */
  start(intervalMs = 5_000): void {
    if (this.timer) return;
    this.stopped = false;
    const loop = () => {
      this.running = this.poll()
        .catch((err) => this.log?.error({ err }, 'job runner tick failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, intervalMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    await this.settled(true);
  }
}
