/**
 * `npm run bench`: performance ratios measured in one run on real PostgreSQL (DESIGN §5: ratios,
 * not timed tests). Creates fresh databases on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres), fills them with the bulk guide generator, runs the
 * real server in a child process, and drops everything it created at the end.
 *
 *   1. GET /api/v2/guides with a typical filter set vs GET /healthz on the same server (10k guides):
 *      throughput and p99 latency. Target: search ≥ 25% of /healthz throughput.
 *   2. The same search at 10,000 vs 100,000 guides. Target: p99 grows < 1.5×.
 *   Every search is answered afresh (there is no result cache; docs/decisions/036). Besides the
 *   typical search, a varied series mixes cities, languages, group sizes, price bands, dates, sorts
 *   and pages, so no two requests in a row ask the same question.
 *   3. Booking: one traveler action, create a booking (POST /api/v2/bookings) and pay its deposit
 *      by card (POST …/payments with an Idempotency-Key), on the 10,000-guide server, as a ratio to
 *      /healthz. Every booking is a new slot, so each one takes the guide's advisory lock, checks
 *      the exclusion constraint, and writes the payment and ledger entries.
 *   4. The landing page's initial JavaScript, gzip. Target: < 170 KB.
 *
 * Settings: BENCH_SECONDS (10 per series, in 2 s slices taking turns), BENCH_CONCURRENCY (16), BENCH_SIZES ("10000,100000").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { addDays, isoWeekday, todayInZone } from '../src/shared/availability';
import { SERVICE_CITY_SLUGS } from '../src/shared/cities';
import { openDatabase } from '../src/server/db/client';
import { guides, guideWeeklyAvailability, users } from '../src/server/db/schema/index';
import { generateBulkGuides } from '../src/server/db/seed/guides';
import { runSeed } from '../src/server/db/seed/index';
import { createSession } from '../src/server/modules/auth/index';
import { landingInitialJs } from './landing-size';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
/** The servers sign sessions with this, so the bench can mint its travelers' tokens. */
const BENCH_JWT_SECRET = randomBytes(32).toString('hex');
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

interface Result {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

interface Sample {
  latencies: number[];
  errors: number;
  seconds: number;
}

function summarize(samples: Sample[]): Result {
  const latencies = samples.flatMap((x) => x.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((t, x) => t + x.seconds, 0);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { requests: latencies.length, errors: samples.reduce((t, x) => t + x.errors, 0), rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99) };
}

/** A bounded closed-loop load: CONCURRENCY workers, each starting the next operation when the last finished. */
async function loadOps(seconds: number, op: () => Promise<boolean>): Promise<Sample> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
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
function request(agent: http.Agent, port: number, method: string, p: string, headers: Record<string, string> = {}, body?: unknown) {
  return new Promise<{ status: number; body: string }>((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, path: p, method, agent, headers: { ...headers, ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) } },
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

/** GET requests for the paths the generator gives, counting 200s. */
async function load(port: number, paths: () => string, seconds: number): Promise<Sample> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    return await loadOps(seconds, async () => (await request(agent, port, 'GET', paths())).status === 200);
  } finally {
    agent.destroy();
  }
}

/**
 * The booking series' travelers, their tokens, and a stream of distinct bookable slots: each guide's
 * first weekly window, one week later every time the list wraps around.
 */
async function prepareBookings(url: string) {
  const database = await openDatabase({ databaseUrl: url });
  try {
    const db = database.db;
    const travelers = await db
      .insert(users)
      .values(Array.from({ length: CONCURRENCY }, (_, i) => ({ username: `benchtraveler${i}`, email: `bench${i}@bench.tabi`, passwordHash: 'disabled', fullName: `Bench Traveler ${i}` })))
      .returning({ id: users.id });
    const tokens = await Promise.all(travelers.map((u) => createSession(db, { userId: u.id, secret: BENCH_JWT_SECRET, ttlMs: 3_600_000 }).then((s) => s.token)));
    const windows = await db
      .selectDistinctOn([guideWeeklyAvailability.guideId], {
        guideId: guideWeeklyAvailability.guideId,
        weekday: guideWeeklyAvailability.weekday,
        startMinute: guideWeeklyAvailability.startMinute,
        hours: guides.minDurationHours,
        people: guides.minPeople,
      })
      .from(guideWeeklyAvailability)
      .innerJoin(guides, eq(guides.id, guideWeeklyAvailability.guideId))
      .where(and(eq(guides.status, 'active'), sql`${guideWeeklyAvailability.endMinute} - ${guideWeeklyAvailability.startMinute} >= ${guides.minDurationHours} * 60`))
      .orderBy(guideWeeklyAvailability.guideId, guideWeeklyAvailability.weekday)
      .limit(3000);
    const first = addDays(todayInZone('Asia/Tokyo'), 3);
    let i = 0;
    const next = () => {
      const w = windows[i % windows.length]!;
      let date = addDays(first, 7 * Math.floor(i / windows.length));
      while (isoWeekday(date) !== w.weekday) date = addDays(date, 1);
      i++;
      const startTime = `${String(Math.floor(w.startMinute / 60)).padStart(2, '0')}:${String(w.startMinute % 60).padStart(2, '0')}`;
      return { guideId: w.guideId, date, startTime, durationHours: w.hours, travelers: w.people };
    };
    return { tokens, next };
  } finally {
    await database.close();
  }
}

/** Create + pay as one operation; each worker is its own traveler and its own client address. */
function bookAndPay(port: number, prepared: Awaited<ReturnType<typeof prepareBookings>>): () => Promise<boolean> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let n = 0;
  return async () => {
    const k = n++;
    const headers = {
      authorization: `Bearer ${prepared.tokens[k % prepared.tokens.length]}`,
      // Payments are rate-limited per address (card testing); the server trusts the bench's proxy header.
      'x-forwarded-for': `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`,
    };
    const created = await request(agent, port, 'POST', '/api/v2/bookings', headers, prepared.next());
    if (created.status !== 201) return false;
    const id = JSON.parse(created.body).id as number;
    const paid = await request(agent, port, 'POST', `/api/v2/bookings/${id}/payments`, { ...headers, 'idempotency-key': `bench-${k}` }, {
      kind: 'deposit',
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/30',
      cvv: '123',
      cardHolder: 'Bench Traveler',
    });
    return paid.status === 201;
  };
}

/** Many different questions: every filter, sort and the first pages, drawn from a fixed sequence. */
function variedSearch(): () => string {
  const today = todayInZone('Asia/Tokyo');
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed / 0x7fffffff);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  return () => {
    const q = new URLSearchParams();
    if (rnd() < 0.9) q.set('city', pick(SERVICE_CITY_SLUGS));
    if (rnd() < 0.7) q.set('language', pick(['zh', 'ja', 'en']));
    if (rnd() < 0.6) q.set('travelers', String(1 + Math.floor(rnd() * 6)));
    if (rnd() < 0.6) {
      q.set('minPrice', String(pick([0, 100, 200])));
      q.set('maxPrice', String(pick([300, 500, 800])));
    }
    if (rnd() < 0.5) q.set('date', addDays(today, 1 + Math.floor(rnd() * 30)));
    if (rnd() < 0.2) q.set('services', String(1 + Math.floor(rnd() * 12)));
    q.set('sort', pick(['recommended', 'recommended', 'price_asc', 'price_desc', 'newest']));
    q.set('page', String(pick([1, 1, 1, 2, 3])));
    return `/api/v2/guides?${q}`;
  };
}

/** The typical search of the landing form: a city, Chinese, 2 travelers, the default 100–500 RMB band, next Saturday. */
function typicalSearch(): () => string {
  let d = addDays(todayInZone('Asia/Tokyo'), 1);
  while (isoWeekday(d) !== 6) d = addDays(d, 1);
  let i = 0;
  return () => {
    const city = SERVICE_CITY_SLUGS[i++ % SERVICE_CITY_SLUGS.length];
    return `/api/v2/guides?city=${city}&language=zh&travelers=2&minPrice=100&maxPrice=500&date=${d}`;
  };
}

async function createDatabase(size: number): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tabi_bench_${size}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: SERVER_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function fill(url: string, size: number): Promise<void> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await database.migrate();
    await runSeed(database.db, 'none');
    const started = performance.now();
    await generateBulkGuides(database.db, size, (done) => process.stdout.write(`\r  generating ${done} / ${size} guides`));
    await database.db.execute(sql`vacuum analyze`);
    console.log(` — ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

async function startServer(url: string, port: number): Promise<ChildProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tabi-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/server.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', SEED: 'none', LOG_LEVEL: 'warn', DATA_DIR: dataDir, NODE_ENV: 'development', JWT_SECRET: BENCH_JWT_SECRET, TRUST_PROXY: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const ok = await new Promise<boolean>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/readyz' }, (res) => (res.resume(), resolve(res.statusCode === 200))).on('error', () => resolve(false));
    });
    if (ok) return child;
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

const fmt = (r: Result) => `${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.requests} ok, ${r.errors} errors)`;

async function main() {
  console.log(`Benchmark: ${CONCURRENCY} connections, ${SECONDS} s per series in 2 s turns, PostgreSQL at ${new URL(SERVER_URL).host}\n`);
  // All databases and servers exist at once and the measurements take turns in short slices, so a
  // change in the machine's load (it is shared) hits every series alike and the ratios stay fair.
  const dbs: { size: number; url: string; drop: () => Promise<void> }[] = [];
  const servers: { key: string; port: number; child: ChildProcess }[] = [];
  const basePort = 3900 + Math.floor(Math.random() * 40);
  const samples: Record<string, Sample[]> = {};
  const series: { key: string; port: number; paths: () => string }[] = [];
  let booking: (() => Promise<boolean>) | undefined;
  try {
    for (const size of SIZES) {
      const db = await createDatabase(size);
      dbs.push({ size, ...db });
      console.log(`${size.toLocaleString('en')} guides`);
      await fill(db.url, size);
    }
    let port = basePort;
    for (const db of dbs) {
      servers.push({ key: String(db.size), port, child: await startServer(db.url, port) });
      series.push({ key: `${db.size}-typical`, port, paths: typicalSearch() }, { key: `${db.size}-varied`, port, paths: variedSearch() });
      port++;
    }
    series.unshift({ key: 'healthz', port: basePort, paths: () => '/healthz' });
    booking = bookAndPay(basePort, await prepareBookings(dbs[0]!.url));
    for (const x of series) {
      await load(x.port, x.paths, 2); // warm-up: connections, plans, caches
      samples[x.key] = [];
    }
    await loadOps(2, booking);
    samples.booking = [];
    const slice = 2;
    const rounds = Math.max(1, Math.round(SECONDS / slice));
    for (let r = 0; r < rounds; r++) {
      for (const x of series) samples[x.key]!.push(await load(x.port, x.paths, slice));
      samples.booking!.push(await loadOps(slice, booking));
      process.stdout.write(`\r  round ${r + 1} / ${rounds}`);
    }
    console.log('');
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    for (const db of dbs) await db.drop();
  }
  const health = summarize(samples.healthz!);
  const search: Record<string, Result> = {};
  console.log(`  GET /healthz                              ${fmt(health)}`);
  for (const x of series.slice(1)) {
    search[x.key] = summarize(samples[x.key]!);
    const [size, mode] = x.key.split('-');
    console.log(`  GET /api/v2/guides?… ${Number(size).toLocaleString('en').padStart(7)} ${mode!.padEnd(9)} ${fmt(search[x.key]!)}`);
  }
  const bookings = summarize(samples.booking!);
  console.log(`  POST /api/v2/bookings + …/payments (card) ${fmt(bookings)}`);
  const size = landingInitialJs(root);
  const [small, large] = SIZES;
  console.log('\nResults');
  for (const mode of ['typical', 'varied']) {
    const a = search[`${small}-${mode}`];
    const b = search[`${large}-${mode}`];
    if (health && a) console.log(`  ${mode.padEnd(9)} search / healthz throughput at ${small!.toLocaleString('en')} guides: ${((a.rps / health.rps) * 100).toFixed(1)}%   (target ≥ 25%)`);
    if (a && b) console.log(`  ${mode.padEnd(9)} search p99 at ${large!.toLocaleString('en')} vs ${small!.toLocaleString('en')} guides: ${(b.p99 / a.p99).toFixed(2)}× (${a.p99.toFixed(1)} → ${b.p99.toFixed(1)} ms)   (target < 1.5×)`);
  }
  console.log(`  booking (create + pay) / healthz throughput at ${SIZES[0]!.toLocaleString('en')} guides: ${((bookings.rps / health.rps) * 100).toFixed(1)}%   (${bookings.errors} failed)`);
  console.log(`  landing initial JS (gzip): ${(size.gzipBytes / 1024).toFixed(1)} KB   (target < 170 KB)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
