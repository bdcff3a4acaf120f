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
}

const inBackground = () => Boolean((globalThis as { __tabiBackground?: { getStore(): unknown } }).__tabiBackground?.getStore());

const out = process.env.BENCH_PG_PROFILE;
if (out) {
  let stats = new Map<string, StatementStats>();
  const record = (text: string, start: number, background: boolean) => {
    const sql = text.replace(/\s+/g, ' ').trim();
    const key = `${background ? 'b' : 'r'}:${sql}`;
    const s = stats.get(key) ?? { sql, calls: 0, ms: 0, background };
    s.calls++;
    s.ms += performance.now() - start;
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
    if (first && typeof first === 'object') (first as Record<symbol, boolean>)[TAG] = inBackground();
    return poolQuery.apply(this, args);
  };
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (!text) return original.apply(this, args);
    const start = performance.now();
    const tagged = first && typeof first === 'object' ? (first as Record<symbol, boolean | undefined>)[TAG] : undefined;
    const background = tagged ?? inBackground();
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      // Callback form (the pool's query): time until the callback.
      const cb = args[last] as (...a: unknown[]) => unknown;
      args[last] = (...a: unknown[]) => (record(text, start, background), cb(...a));
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    if (result && typeof result.then === 'function') result.then(() => record(text, start, background), () => record(text, start, background));
    return result;
  };
  process.on('SIGUSR2', () => {
    writeFileSync(out, JSON.stringify([...stats.values()]));
    stats = new Map();
  });
}
