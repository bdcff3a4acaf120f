/**
 * Preloaded into a bench server (`node --import tsx --import ./bench/pg-profile.ts …`) when
 * BENCH_PG_PROFILE names a file: times every PostgreSQL statement the server sends (from the call to
 * its answer, so a statement waiting on a lock counts its wait) and, on SIGUSR2, writes the totals per
 * statement text to that file and starts counting afresh. It changes nothing else. A statement sent
 * by the job runner (the outbox's deliveries after a commit, scheduled jobs: src/server/lib/background.ts)
 * is counted apart from the request path's, as `background`.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface StatementStats {
  sql: string;
  calls: number;
  ms: number;
  /** Sent by the job runner after the commit, not on a request's path. */
  background?: boolean;
  /**
   * The job runner's own claims and outcomes (src/server/lib/background.ts, `BOOKKEEPING`), with the jobs they claimed
   * as `rows`.
   */
  bookkeeping?: boolean;
  /** Rows the statement returned (a claim's: the jobs it claimed). */
  rows: number;
}

/** The job runner's context where the statement was sent: undefined on a request's path, else what it was doing. */
const context = () =>
  (globalThis as { __tabiBackground?: { getStore(): string | undefined } }).__tabiBackground?.getStore();
/** The same value as `BOOKKEEPING` in src/server/lib/background.ts (the profiler does not import the app). */
const BOOKKEEPING = 'jobs.bookkeeping';

const out = process.env.BENCH_PG_PROFILE;
if (out) {
  let stats = new Map<string, StatementStats>();
  // A statement's text folded to one line once per text: the fold is a regex over a few kilobytes, and
  // the profiler's own CPU counts in the bench's Node time per create + pay.
  const folded = new Map<string, string>();
  const record = (text: string, start: number, where: string | undefined, result: unknown) => {
    let sql = folded.get(text);
    if (sql === undefined) {
      sql = text.replace(/\s+/g, ' ').trim();
      if (folded.size < 10_000) folded.set(text, sql);
    }
    const key = `${where ?? 'r'}:${sql}`;
    const s = stats.get(key) ?? {
      sql,
      calls: 0,
      ms: 0,
      rows: 0,
      background: where !== undefined,
      bookkeeping: where === BOOKKEEPING,
    };
    s.calls++;
    s.ms += performance.now() - start;
    s.rows += (result as { rows?: unknown[] } | undefined)?.rows?.length ?? 0;
    stats.set(key, s);
  };
  type Query = (...args: unknown[]) => unknown;
  // A pool's query reaches its client later, from whichever caller released one (another request's
  // context): the pool marks the query object with its own caller's side first.
  const TAG = Symbol.for('tabi.pg-profile.background');
  const poolProto = pg.Pool.prototype as unknown as { query: Query };
  const poolQuery = poolProto.query;
  poolProto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    if (first && typeof first === 'object') (first as Record<symbol, string | null>)[TAG] = context() ?? null;
    return poolQuery.apply(this, args);
  };
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (!text) return original.apply(this, args);
    const start = performance.now();
    const tagged =
      first && typeof first === 'object' ? (first as Record<symbol, string | null | undefined>)[TAG] : undefined;
    const where = tagged === undefined ? context() : (tagged ?? undefined);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      // Callback form (the pool's query): time until the callback.
      const cb = args[last] as (...a: unknown[]) => unknown;
      args[last] = (...a: unknown[]) => (record(text, start, where, a[1]), cb(...a));
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    if (result && typeof result.then === 'function')
      result.then(
        (r) => record(text, start, where, r),
        () => record(text, start, where, undefined),
      );
    return result;
  };
  process.on('SIGUSR2', () => {
    writeFileSync(out, JSON.stringify([...stats.values()]));
    stats = new Map();
  });
}
