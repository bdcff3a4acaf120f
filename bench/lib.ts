/** Shared parts of `npm run bench`: the database backend, the server child process, load and summaries. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import type { StatementStats } from './pg-profile';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** The statement profiler, compiled for the compiled server (it resolves `pg` from the checkout). */
const PG_PROFILE_JS = path.join(root, 'dist/bench/pg-profile.mjs');
/** The servers sign sessions with this, so the bench can mint its users' tokens. */
export const BENCH_JWT_SECRET = randomBytes(32).toString('hex');

export interface Result {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

export interface Sample {
  latencies: number[];
  errors: number;
  seconds: number;
}

export const quantile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

export function summarize(samples: Sample[]): Result {
  const latencies = samples.flatMap((x) => x.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((t, x) => t + x.seconds, 0);
  return {
    requests: latencies.length,
    errors: samples.reduce((t, x) => t + x.errors, 0),
    rps: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
  };
}

export const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.requests} ok, ${r.errors} errors)`;

/** A bounded closed-loop load: `concurrency` workers, each starting the next operation when the last finished. */
export async function loadOps(seconds: number, concurrency: number, op: () => Promise<boolean>): Promise<Sample> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const start = performance.now();
        if (await op()) latencies.push(performance.now() - start);
        else errors++;
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

/** One HTTP request on a keep-alive agent; resolves to the status code and the body. */
export function request(
  agent: http.Agent,
  port: number,
  method: string,
  p: string,
  headers: Record<string, string> = {},
  body?: unknown,
) {
  return new Promise<{ status: number; body: string }>((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: p,
        method,
        agent,
        headers: {
          ...headers,
          ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', () => resolve({ status: -1, body: '' }));
    req.end(payload);
  });
}

/**
 * Where the bench's databases live: fresh databases on a PostgreSQL server, or (when none answers)
 * embedded PGlite folders, which one process at a time may open.
 */
export type Backend = { kind: 'postgres'; serverUrl: string } | { kind: 'pglite' };

export interface BenchDatabase {
  name: string;
  open(): Promise<DatabaseHandle>;
  /** Settings a server child needs to use this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function postgresAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

export async function createDatabase(backend: Backend, label: string): Promise<BenchDatabase> {
  const name = `tabi_bench_${label}_${randomBytes(4).toString('hex')}`;
  if (backend.kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
    const dir = path.join(dataDir, 'db'); // where the server looks under DATA_DIR
    return {
      name,
      open: () => openDatabase({ dataDir: dir }),
      env: { DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = new pg.Client({ connectionString: backend.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(backend.serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    open: () => openDatabase({ databaseUrl: url.toString() }),
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: backend.serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Settings of the environment the bench must not pass on to its servers as they are. */
const OWN_SETTINGS = ['DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'PORT', 'HOST'];

/**
 * Brings `dist/server` up to date (`npm run build`'s server step, only when a source is newer) and
 * compiles the statement profiler beside it: the bench measures the JavaScript `npm start` runs, not
 * the TypeScript loader of the development server.
 */
export async function prepareServer(): Promise<void> {
  const { build } = (await import(pathToFileURL(path.join(root, 'scripts/build.mjs')).href)) as {
    build(o: { onlyStale: boolean; template: boolean }): Promise<number>;
  };
  if ((await build({ onlyStale: true, template: false })) !== 0) throw new Error('the server did not build');
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(root, 'bench/pg-profile.ts')],
    outfile: PG_PROFILE_JS,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    logLevel: 'warning',
  });
}

/** Node arguments that preload the statement profiler (bench/pg-profile.ts) into a server. */
export const pgProfileArgs = (): string[] => ['--import', pathToFileURL(PG_PROFILE_JS).href];

/**
 * The real server (compiled: call `prepareServer` first) in a child process on this database. `extraNodeArgs` are given
 * to node (a profiler preload); `env` adds settings (REDIS_URL for the chat series).
 */
export async function startServer(
  db: BenchDatabase,
  port: number,
  opts: { env?: Record<string, string>; extraNodeArgs?: string[] } = {},
): Promise<ChildProcess> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN_SETTINGS.includes(k)));
  const dataDir = db.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'tabi-bench-'));
  const child = spawn(process.execPath, [...(opts.extraNodeArgs ?? []), path.join(root, 'dist/server/server.js')], {
    cwd: root,
    env: {
      ...base,
      ...db.env,
      ...opts.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      JWT_SECRET: BENCH_JWT_SECRET,
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (!db.env.DATA_DIR) child.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  for (let i = 0; i < 150; i++) {
    await new Promise((r) => setTimeout(r, 200));
    if (child.exitCode !== null) break;
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/readyz' }, (res) => (res.resume(), resolve(res.statusCode === 200)))
        .on('error', () => resolve(false));
    });
    if (ok) return child;
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

/** Stops a child and waits for it to be gone (a PGlite folder must be closed before it is removed). */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(timer);
}

/** Asks the profiled server for its statement totals since the last ask. */
export async function takeProfile(child: ChildProcess, file: string): Promise<StatementStats[]> {
  rmSync(file, { force: true });
  child.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as StatementStats[];
    } catch {
      /* not written yet */
    }
  }
  return [];
}

/** CPU time in milliseconds, user and system apart. */
export type CpuMs = { user: number; system: number };

/**
 * A child's CPU time so far (user + system, ms) from /proc: the server's own cost per request, which
 * throughput alone hides when Node and PostgreSQL share the cores. Undefined where /proc is absent.
 */
export function processCpuMs(pid: number | undefined): CpuMs | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a
    // second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return undefined;
  }
}

/**
 * The CPU of the PostgreSQL backends serving one database, read from /proc like `processCpuMs`: a
 * backend's title names its database ("postgres: 15/main: postgres <database> 127.0.0.1(…) idle").
 * Each backend's own total, by pid, so the caller can subtract two readings of the same backends (a
 * pool keeps its connections). Undefined when no backend of it can be read here (a server on another
 * machine, or in a container).
 */
export function backendsCpuMs(database: string): Map<number, CpuMs> | undefined {
  const found = new Map<number, CpuMs>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres:') || !title.split(' ').includes(database)) continue;
      const cpu = processCpuMs(Number(entry));
      if (cpu) found.set(Number(entry), cpu);
    } catch {
      // the process ended while it was read
    }
  }
  return found.size ? found : undefined;
}

/**
 * What the backends read by `backendsCpuMs` spent between two readings (backends that came or went in between count
 * from 0).
 */
export function backendsSpent(
  from: Map<number, CpuMs> | undefined,
  to: Map<number, CpuMs> | undefined,
): CpuMs | undefined {
  if (!from || !to) return undefined;
  let user = 0;
  let system = 0;
  for (const [pid, t] of to) {
    const f = from.get(pid) ?? { user: 0, system: 0 };
    user += t.user - f.user;
    system += t.system - f.system;
  }
  return { user, system };
}
