import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { background } from '../lib/background';
import { claimJob, failJob, finishJob, type ClaimedJob } from './jobs.repository';
import { AppError } from '../lib/app-error';

export type JobHandler = (job: ClaimedJob, now: Date) => Promise<void>;

const MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min … capped at 1 h. */
const backoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** (attempts - 1));

/**
 * Runs the jobs table in-process: every instance polls, and `FOR UPDATE SKIP LOCKED`
 * gives each due job to exactly one. `tick(now)` runs everything due at `now` and returns how many
 * ran, so tests drive time instead of sleeping. `start()` polls; app close stops it.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly sweeps: ((now: Date) => Promise<void>)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private readonly soonInFlight = new Set<Promise<unknown>>();
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

  /** Runs the sweeps, then every job due at `now`, one after the other; returns how many jobs ran. */
  tick(now: Date = new Date(), limit = 1000): Promise<number> {
    return background.run('jobs', () => this.tickInner(now, limit));
  }

  private async tickInner(now: Date, limit: number): Promise<number> {
    for (const fn of this.sweeps) await fn(now).catch((err: unknown) => this.log?.error({ err }, 'sweep failed'));
    let n = 0;
    while (n < limit && !this.stopped) {
      const job = await claimJob(this.db, now);
      if (!job) break;
      await this.execute(job, now);
      n++;
    }
    return n;
  }

  /** Runs one job now if it is due and nobody else holds it (used right after the commit that made it). */
  async runNow(id: number, now: Date = new Date(), whenever = false): Promise<boolean> {
    return background.run('jobs', async () => {
      const job = await claimJob(this.db, now, id, whenever);
      if (!job) return false;
      await this.execute(job, now);
      return true;
    });
  }

  /**
   * The transactional outbox's kick (decision 085): after the commit that wrote the jobs, run them in
   * the background without making the caller wait. Nothing is lost if this never runs (a crash, or
   * `immediate` off): the rows stay queued and the next `tick` takes them.
   */
  soon(ids: number | undefined | (number | undefined)[], now: Date = new Date()): void {
    if (!this.immediate || this.stopped) return;
    for (const id of Array.isArray(ids) ? ids : [ids]) {
      if (id === undefined) continue;
      // After the caller's own next steps (its reply's read is issued first: on PGlite, one
      // connection, the job's statements would otherwise queue ahead of it).
      const p = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => this.runNow(id, now, true))
        .catch((err: unknown) => this.log?.error({ err, jobId: id }, 'job run after commit failed'));
      this.soonInFlight.add(p);
      void p.finally(() => this.soonInFlight.delete(p));
    }
  }

  /** Waits for the jobs `soon()` started (tests; shutdown). */
  async settled(): Promise<void> {
    while (this.soonInFlight.size) await Promise.allSettled([...this.soonInFlight]);
  }

  private async execute(job: ClaimedJob, now: Date): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new AppError('internal', `no handler for job kind ${job.kind}`);
      await handler(job, now);
      await finishJob(this.db, job.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retryAt = job.attempts < MAX_ATTEMPTS ? new Date(now.getTime() + backoffMs(job.attempts)) : null;
      this.log?.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err }, `job failed${retryAt ? ', will retry' : ' for good'}`);
      await failJob(this.db, job.id, message, retryAt);
    }
  }

  /** Polls every `intervalMs` until stopped. */
  start(intervalMs = 5_000): void {
    if (this.timer) return;
    this.stopped = false;
    const loop = () => {
      this.running = this.tick()
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
    await this.settled();
  }
}
