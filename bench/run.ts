/**
 * `npm run bench [-- search booking chat size]`: performance ratios measured in one run (ratios,
 * not timed tests: the machine and its load vary). Without names, every series runs. Databases are created fresh on the
 * PostgreSQL server of BENCH_DATABASE_URL (or DATABASE_URL; default postgres://postgres@127.0.0.1:5432/postgres)
 * and dropped at the end; when no server answers, the bench uses embedded PGlite folders instead and
 * says so (the chat series then says in one line why it is skipped). The real server runs in child
 * processes; the measurements take turns in 2 s slices, so a change in the machine's load hits
 * every series alike.
 *
 *   search   GET /api/v2/guides with a typical filter set vs GET /healthz on the same server (10k
 *            guides): throughput and p99 latency (target: ≥ 25% of /healthz; the varied search ≥ 30%),
 *            and the same search at 10,000 vs 100,000 guides (target: p99 grows < 1.5×;
 *            varied ≤ 1.3×). Every search is answered afresh
 *            (docs/decisions/036). A varied series mixes cities, languages, group sizes, price bands,
 *            dates, sorts and pages, so no two requests in a row ask the same question.
 *   booking  One traveler action, create a booking (POST /api/v2/bookings) and pay its deposit by card
 *            (POST …/payments, Idempotency-Key, the simulated provider, 4242…), on a database of the
 *            catalog, BENCH_BOOKING_GUIDES generated guides (10,000) and BENCH_EXISTING_BOOKINGS
 *            bookings (20,000: past, cancelled and upcoming) over half of those guides, as a ratio to
 *            /healthz. Every booking is a new slot (the guide's advisory lock, the exclusion
 *            constraint, payment and ledger rows). Reports create and pay apart and, on PostgreSQL,
 *            the server's statements by total time (bench/pg-profile.ts) and the job runner's
 *            bookkeeping per job; and, with pgbench on the PATH, create + pay as a share of
 *            pgbench's TPC-B (scale 10, 16 clients) on the same server in the turns between
 *            (bench/tpcb.ts). Below 6 % of TPC-B the bench exits with 1 (decision 149).
 *   chat     1,000 WebSocket clients on two instances over Redis pub/sub, send → receive, beside a
 *            bare `ws` echo server (bench/chat.ts). Needs REDIS_URL and PostgreSQL.
 *   size     The landing page's initial JavaScript, gzip. Target: ≤ 150 KB.
 *   start    `npm start` until /readyz answers: the whole build plus a first start on a fresh
 *            DATA_DIR, then a restart (bench/start.ts). Targets: ≤ 20 s and ≤ 3 s.
 *
 * Settings: BENCH_SECONDS (10 per series, in 2 s slices taking turns), BENCH_CONCURRENCY (16),
 * BENCH_SIZES ("10000,100000"; "2000" on PGlite), BENCH_BOOKING_GUIDES (2,000 on PGlite), BENCH_EXISTING_BOOKINGS (6,000),
 * BENCH_CHAT_CLIENTS (1000), BENCH_CHAT_RATE (50 messages/s), BENCH_CHAT_ROUNDS (5), BENCH_CPU_PROF (a folder:
 * the booking server, the smaller search server and the chat instances run with --cpu-prof, and the
 * bench prints where their CPU went in the measured slices: booking, the varied search, chat), BENCH_PROFILE_TOP (12 statements shown).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, isoWeekday, todayInZone } from '../src/shared/availability';
import { SERVICE_CITY_SLUGS } from '../src/shared/cities';
import { guides, guideWeeklyAvailability, users } from '../src/server/db/schema/index';
import { generateBulkGuides } from '../src/server/db/seed/guides';
import { runSeed } from '../src/server/db/seed/index';
import { createSession } from '../src/server/modules/auth/index';
import { chatUnavailable, runChatSeries } from './chat';
import { summarizeCpuProfile } from './cpu-profile';
import { LANDING_JS_BUDGET, landingInitialJs } from './landing-size';
import { runStartSeries } from './start';
import { prepareTpcb, TPCB_SHARE_TARGET, type TpcbAnchor } from './tpcb';
import {
  BENCH_JWT_SECRET,
  createDatabase,
  fmt,
  loadOps,
  postgresAnswers,
  quantile,
  request,
  root,
  pgProfileArgs,
  prepareServer,
  startServer,
  stop,
  summarize,
  takeProfile,
  type Backend,
  type BenchDatabase,
  type Result,
  type Sample,
} from './lib';

const SERIES = ['search', 'booking', 'chat', 'size', 'start'] as const;
type SeriesName = (typeof SERIES)[number];
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
/** The booking series' database; smaller on PGlite, which fills slowly (some 20 s per 1,000 guides on a busy 2-core machine). */
let BOOKING_GUIDES = Number(process.env.BENCH_BOOKING_GUIDES ?? 10_000);
/** Travelers the booking series books as, one after the other (a traveler is in one place at a time). */
const BOOKING_TRAVELERS = Number(process.env.BENCH_BOOKING_TRAVELERS ?? 2000);
let EXISTING_BOOKINGS = Number(process.env.BENCH_EXISTING_BOOKINGS ?? 20_000);
/** When set, the booking server runs with --cpu-prof into this folder and the bench summarizes it. */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;

/** GET requests for the paths the generator gives, counting 200s. */
async function load(port: number, paths: () => string, seconds: number): Promise<Sample> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    return await loadOps(seconds, CONCURRENCY, async () => (await request(agent, port, 'GET', paths())).status === 200);
  } finally {
    agent.destroy();
  }
}

async function fill(db: BenchDatabase, size: number): Promise<void> {
  const database = await db.open();
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

/**
 * The bookings a live marketplace already holds: EXISTING_BOOKINGS over the first half of the guides
 * (6 each), by 2,000 other travelers. Three lie in the past (two completed, one cancelled), three in
 * the coming weeks (upcoming, confirmed), all at 00:00–01:00 in the guide's zone, outside every weekly
 * window, so they sit next to the bench's new bookings in each guide's busy list without taking their slots.
 */
async function addExistingBookings(db: BenchDatabase, count: number): Promise<void> {
  if (count <= 0) return;
  const database = await db.open();
  try {
    const started = performance.now();
    const perGuide = 6;
    const guidesNeeded = Math.ceil(count / perGuide);
    await database.db.execute(sql`
      insert into users (username, email, password_hash, full_name)
      select 'pasttraveler' || i, 'past' || i || '@bench.tabi', 'disabled', 'Past Traveler ' || i from generate_series(1, 2000) i`);
    await database.db.execute(sql`
      with g as (select id, time_zone, basic_price_per_hour_cents as price, row_number() over (order by id) as rn
                   from guides where status = 'active' order by id limit ${guidesNeeded}),
           t as (select id, row_number() over (order by id) as rn from users where username like 'pasttraveler%'),
           b as (select g.*, k, (current_date + case when k <= 3 then -7 * k - (g.rn % 7)::int else 1 + 7 * (k - 4) + (g.rn % 7)::int end) as d
                   from g cross join generate_series(1, ${perGuide}) k)
      insert into bookings (traveler_id, guide_id, status, date, start_minute, duration_minutes, time_zone, starts_at, ends_at, travelers,
                            unit_price_cents, additional_per_person_cents, total_price_cents, deposit_cents, commission_cents, paid_at, created_at, updated_at)
      select t.id, b.id,
             case b.k when 1 then 'completed' when 2 then 'completed' when 3 then 'cancelled' when 6 then 'confirmed' else 'upcoming' end,
             b.d, 0, 60, b.time_zone, b.d::timestamp at time zone b.time_zone, (b.d::timestamp + interval '1 hour') at time zone b.time_zone, 2,
             b.price, 3000, b.price + 3000, (b.price + 3000) / 5, (b.price + 3000) / 10, now() - interval '30 days', now() - interval '30 days', now()
        from b join t on t.rn = 1 + ((b.rn * 7 + b.k) % 2000)
       limit ${count}`);
    await database.db.execute(sql`vacuum analyze`);
    const counted = (await database.db.execute(sql`select count(*)::int as n from bookings`)) as unknown as { rows: { n: number }[] };
    const n = counted.rows[0]!.n;
    console.log(`  ${n.toLocaleString('en')} existing bookings over ${guidesNeeded.toLocaleString('en')} guides — ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

/**
 * The booking series' travelers, their tokens, and a stream of distinct bookable slots: each guide's
 * first weekly window, one week later every time the list wraps around.
 */
async function prepareBookings(db: BenchDatabase) {
  const database = await db.open();
  try {
    const d = database.db;
    // A traveler is in one place at a time (409 traveler_busy): every operation books as the
    // next of BOOKING_TRAVELERS travelers, and a traveler's next turn is a week later (see `next`).
    const travelers = await d
      .insert(users)
      .values(Array.from({ length: BOOKING_TRAVELERS }, (_, i) => ({ username: `benchtraveler${i}`, email: `bench${i}@bench.tabi`, passwordHash: 'disabled', fullName: `Bench Traveler ${i}` })))
      .returning({ id: users.id });
    const tokens: string[] = [];
    for (let from = 0; from < travelers.length; from += 100) {
      const some = travelers.slice(from, from + 100);
      tokens.push(...(await Promise.all(some.map((u) => createSession(d, { userId: u.id, secret: BENCH_JWT_SECRET, ttlMs: 3_600_000 }).then((s) => s.token)))));
    }
    const windows = await d
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
    const next = (k: number) => {
      const w = windows[i % windows.length]!;
      let date = addDays(first, 7 * (Math.floor(i / windows.length) + Math.floor(k / BOOKING_TRAVELERS)));
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

/** Create and pay, timed apart. */
interface Phases {
  create: number[];
  pay: number[];
  failures: Map<string, number>;
}

/** Create + pay as one operation; each worker is its own traveler and its own client address. */
function bookAndPay(port: number, prepared: Awaited<ReturnType<typeof prepareBookings>>, phases: Phases): () => Promise<boolean> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let n = 0;
  const failed = (what: string, res: { status: number; body: string }) => {
    let code = '';
    try {
      code = (JSON.parse(res.body) as { code?: string }).code ?? '';
    } catch {
      /* not JSON */
    }
    const key = `${what} ${res.status}${code ? ` ${code}` : ''}`;
    phases.failures.set(key, (phases.failures.get(key) ?? 0) + 1);
    return false;
  };
  return async () => {
    const k = n++;
    const headers = {
      authorization: `Bearer ${prepared.tokens[k % prepared.tokens.length]}`,
      // Payments are rate-limited per address (card testing); the server trusts the bench's proxy header.
      'x-forwarded-for': `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`,
    };
    const t0 = performance.now();
    const created = await request(agent, port, 'POST', '/api/v2/bookings', headers, prepared.next(k));
    const t1 = performance.now();
    if (created.status !== 201) return failed('create', created);
    const id = JSON.parse(created.body).id as number;
    const paid = await request(agent, port, 'POST', `/api/v2/bookings/${id}/payments`, { ...headers, 'idempotency-key': `bench-${k}` }, {
      kind: 'deposit',
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/30',
      cvv: '123',
      cardHolder: 'Bench Traveler',
    });
    if (paid.status !== 201) return failed('pay', paid);
    phases.create.push(t1 - t0);
    phases.pay.push(performance.now() - t1);
    return true;
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

function parseSeries(args: string[]): Set<SeriesName> {
  const unknown = args.filter((a) => !(SERIES as readonly string[]).includes(a));
  if (unknown.length) {
    console.error(`Unknown series: ${unknown.join(', ')}. Usage: npm run bench [-- ${SERIES.join(' ')}] (no names: all)`);
    process.exit(2);
  }
  return new Set((args.length ? args : SERIES) as SeriesName[]);
}

async function main() {
  const chosen = parseSeries(process.argv.slice(2));
  const backend: Backend = (await postgresAnswers(SERVER_URL)) ? { kind: 'postgres', serverUrl: SERVER_URL } : { kind: 'pglite' };
  const sizes = (process.env.BENCH_SIZES ?? (backend.kind === 'postgres' ? '10000,100000' : '2000')).split(',').map(Number);
  if (backend.kind === 'pglite') {
    BOOKING_GUIDES = Number(process.env.BENCH_BOOKING_GUIDES ?? 2000);
    EXISTING_BOOKINGS = Number(process.env.BENCH_EXISTING_BOOKINGS ?? 6000);
  }
  const where = backend.kind === 'postgres' ? `PostgreSQL at ${new URL(SERVER_URL).host}` : `embedded PGlite (no PostgreSQL answered at ${new URL(SERVER_URL).host})`;
  console.log(`Benchmark: ${[...chosen].join(', ')}; ${CONCURRENCY} connections, ${SECONDS} s per series in 2 s turns, ${where}`);
  if (backend.kind === 'pglite') console.log('  On PGlite the databases are smaller (BENCH_SIZES, BENCH_BOOKING_GUIDES) and one process serves them: a smoke run, not figures to compare with PostgreSQL runs.');
  console.log('');

  const http = chosen.has('search') || chosen.has('booking');
  if (http || chosen.has('chat')) await prepareServer();
  const dbs: BenchDatabase[] = [];
  const servers: ChildProcess[] = [];
  const basePort = 3900 + Math.floor(Math.random() * 40);
  const samples: Record<string, Sample[]> = {};
  const series: { key: string; port: number; paths: () => string }[] = [];
  const phases: Phases = { create: [], pay: [], failures: new Map() };
  const profileFile = path.join(mkdtempSync(path.join(tmpdir(), 'tabi-bench-profile-')), 'pg.json');
  let profile: Awaited<ReturnType<typeof takeProfile>> = [];
  let booking: (() => Promise<boolean>) | undefined;
  let tpcb: TpcbAnchor | string | undefined;
  const bookingWindows: [bigint, bigint][] = [];
  const variedWindows: [bigint, bigint][] = [];
  const cpuBefore = new Set(CPU_PROF_DIR && existsSync(CPU_PROF_DIR) ? readdirSync(CPU_PROF_DIR) : []);
  const lines: string[] = [];
  const guardFailures: string[] = [];
  if (http) {
    try {
      const searchDbs: { size: number; db: BenchDatabase }[] = [];
      if (chosen.has('search')) {
        for (const size of sizes) {
          const db = await createDatabase(backend, String(size));
          dbs.push(db);
          searchDbs.push({ size, db });
          console.log(`${size.toLocaleString('en')} guides (search)`);
          await fill(db, size);
        }
      }
      let bookingDb: BenchDatabase | undefined;
      let prepared: Awaited<ReturnType<typeof prepareBookings>> | undefined;
      if (chosen.has('booking')) {
        bookingDb = await createDatabase(backend, 'booking');
        dbs.push(bookingDb);
        console.log(`${BOOKING_GUIDES.toLocaleString('en')} guides (booking)`);
        await fill(bookingDb, BOOKING_GUIDES);
        await addExistingBookings(bookingDb, EXISTING_BOOKINGS);
        prepared = await prepareBookings(bookingDb); // before its server starts: a PGlite folder has one owner
      }
      let port = basePort;
      for (const { size, db } of searchDbs) {
        const profiled = CPU_PROF_DIR && size === sizes[0] ? { extraNodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.join(CPU_PROF_DIR, `search-${Date.now()}`)}`] } : {};
        servers.push(await startServer(db, port, profiled));
        series.push({ key: `${size}-typical`, port, paths: typicalSearch() }, { key: `${size}-varied`, port, paths: variedSearch() });
        port++;
      }
      let bookingServer: ChildProcess | undefined;
      if (bookingDb && prepared) {
        bookingServer = await startServer(bookingDb, port, {
          env: { BENCH_PG_PROFILE: profileFile },
          extraNodeArgs: [...pgProfileArgs(), ...(CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [])],
        });
        servers.push(bookingServer);
        booking = bookAndPay(port, prepared, phases);
        console.log('TPC-B anchor (pgbench -i, scale 10)');
        tpcb = await prepareTpcb(backend);
      }
      series.unshift({ key: 'healthz', port: basePort, paths: () => '/healthz' });
      for (const x of series) {
        await load(x.port, x.paths, 2); // warm-up: connections, plans, caches
        samples[x.key] = [];
      }
      if (booking) {
        await loadOps(2, CONCURRENCY, booking);
        if (typeof tpcb === 'object') await tpcb.slice(2, false);
        samples.booking = [];
        phases.create.length = 0;
        phases.pay.length = 0;
        phases.failures.clear();
        await takeProfile(bookingServer!, profileFile); // forget the warm-up's statements
      }
      const slice = 2;
      const rounds = Math.max(1, Math.round(SECONDS / slice));
      for (let r = 0; r < rounds; r++) {
        for (const x of series) {
          const from = process.hrtime.bigint() / 1000n;
          samples[x.key]!.push(await load(x.port, x.paths, slice));
          if (x.key === `${sizes[0]}-varied`) variedWindows.push([from, process.hrtime.bigint() / 1000n]);
        }
        if (booking) {
          const from = process.hrtime.bigint() / 1000n;
          samples.booking!.push(await loadOps(slice, CONCURRENCY, booking));
          bookingWindows.push([from, process.hrtime.bigint() / 1000n]);
          if (typeof tpcb === 'object') await tpcb.slice(slice);
        }
        process.stdout.write(`\r  round ${r + 1} / ${rounds}`);
      }
      console.log('');
      if (bookingServer) profile = await takeProfile(bookingServer, profileFile);
    } finally {
      await Promise.all(servers.map(stop));
      for (const db of dbs) await db.drop();
      if (typeof tpcb === 'object') await tpcb.drop();
      rmSync(path.dirname(profileFile), { recursive: true, force: true });
    }
    const health = summarize(samples.healthz!);
    const search: Record<string, Result> = {};
    lines.push(`  GET /healthz                              ${fmt(health)}`);
    for (const x of series.slice(1)) {
      search[x.key] = summarize(samples[x.key]!);
      const [size, mode] = x.key.split('-');
      lines.push(`  GET /api/v2/guides?… ${Number(size).toLocaleString('en').padStart(7)} ${mode!.padEnd(9)} ${fmt(search[x.key]!)}`);
    }
    const results: string[] = [];
    const [small, large] = sizes;
    if (chosen.has('search')) {
      for (const mode of ['typical', 'varied']) {
        const a = search[`${small}-${mode}`];
        const b = search[`${large}-${mode}`];
        // The first target was ≥ 25 % and < 1.5×; the current one asks the varied search for ≥ 30 % and ≤ 1.3×.
        const [share, growth] = mode === 'varied' ? ['≥ 30%', '≤ 1.3×'] : ['≥ 25%', '< 1.5×'];
        if (a) results.push(`  ${mode.padEnd(9)} search / healthz throughput at ${small!.toLocaleString('en')} guides: ${((a.rps / health.rps) * 100).toFixed(1)}%   (target ${share})`);
        if (a && b) results.push(`  ${mode.padEnd(9)} search p99 at ${large!.toLocaleString('en')} vs ${small!.toLocaleString('en')} guides: ${(b.p99 / a.p99).toFixed(2)}× (${a.p99.toFixed(1)} → ${b.p99.toFixed(1)} ms)   (target ${growth})`);
        else if (a) results.push(`  ${mode.padEnd(9)} search p99 growth: needs two sizes (BENCH_SIZES)`);
      }
    }
    if (booking) {
      const bookings = summarize(samples.booking!);
      const create = [...phases.create].sort((x, y) => x - y);
      const pay = [...phases.pay].sort((x, y) => x - y);
      const ms = (v: number) => `${v.toFixed(1).padStart(6)} ms`;
      lines.push(`  POST /api/v2/bookings + …/payments (card) ${fmt(bookings)}`);
      lines.push(`    of which POST /api/v2/bookings           p50 ${ms(quantile(create, 0.5))}   p99 ${ms(quantile(create, 0.99))}`);
      lines.push(`    of which POST …/payments (deposit, card) p50 ${ms(quantile(pay, 0.5))}   p99 ${ms(quantile(pay, 0.99))}`);
      for (const [what, n] of phases.failures) lines.push(`    failed: ${what} ×${n}`);
      results.push(
        `  booking (create + pay) / healthz at ${BOOKING_GUIDES.toLocaleString('en')} guides, ${EXISTING_BOOKINGS.toLocaleString('en')} existing bookings: throughput ${((bookings.rps / health.rps) * 100).toFixed(1)}%, p50 ${(bookings.p50 / health.p50).toFixed(1)}×, p99 ${(bookings.p99 / health.p99).toFixed(1)}×   (${bookings.errors} failed)`,
        `  booking create + pay ÷ /healthz throughput: ${((bookings.rps / health.rps) * 100).toFixed(1)} %   (target ≥ 5 %)`,
        `  booking create + pay p50: ${(bookings.p50 / health.p50).toFixed(1)}× /healthz's p50   (target ≤ 40×)`,
      );
      if (typeof tpcb === 'object') {
        const share = bookings.rps / tpcb.tps();
        lines.push(`  pgbench TPC-B (scale 10, 16 clients) in the turns between    ${tpcb.tps().toFixed(0).padStart(6)} tx/s`);
        results.push(`  booking create + pay ÷ TPC-B on the same server: ${(share * 100).toFixed(1)} %   (target ≥ ${TPCB_SHARE_TARGET * 100} %)`);
        // The guard (decision 149): a change that makes create + pay drop below the target fails the bench, not the tests.
        if (!(share >= TPCB_SHARE_TARGET)) guardFailures.push(`booking create + pay is ${(share * 100).toFixed(1)} % of TPC-B, below ${TPCB_SHARE_TARGET * 100} %`);
      } else if (tpcb) results.push(`  ${tpcb}`);
      if (profile.length) {
        const ops = bookings.requests + bookings.errors;
        const requestPath = profile.filter((s) => !s.background);
        const statements = requestPath.reduce((t, s) => t + s.calls, 0);
        const afterCommit = profile.filter((s) => s.background).reduce((t, s) => t + s.calls, 0);
        const dbMs = profile.reduce((t, s) => t + s.ms, 0);
        lines.push(`  Booking server's PostgreSQL statements during the measured slices (bench/pg-profile.ts), by total time (J: sent by the job runner after the commit):`);
        lines.push(
          `    ${(statements / ops).toFixed(1)} statements on the request path and ${(afterCommit / ops).toFixed(1)} after the commit (notices, mails, scheduled jobs), ${(dbMs / ops).toFixed(1)} ms of statement time per create + pay (latency p50 ${bookings.p50.toFixed(1)} ms)`,
        );
        for (const s of [...profile].sort((x, y) => y.ms - x.ms).slice(0, Number(process.env.BENCH_PROFILE_TOP ?? 12))) {
          lines.push(`    ${((s.ms / dbMs) * 100).toFixed(1).padStart(5)}%  ${(s.calls / ops).toFixed(2).padStart(5)}/op  ${(s.ms / s.calls).toFixed(2).padStart(6)} ms ${s.background ? 'J' : ' '} ${s.sql.slice(0, 140)}`);
        }
        // The runner's claims and outcomes (decision 149); the jobs it ran are the rows its claims returned.
        const bookkeeping = profile.filter((s) => s.bookkeeping);
        const jobsRun = bookkeeping.filter((s) => s.sql.includes('SKIP LOCKED')).reduce((t, s) => t + s.rows, 0);
        const perJob = bookkeeping.reduce((t, s) => t + s.calls, 0) / jobsRun;
        results.push(
          `  statements per create + pay: ${(statements / ops).toFixed(1)} on the request path, ${(afterCommit / ops).toFixed(1)} after the commit   (target ≤ 10 on the request path)`,
          `  job runner's bookkeeping: ${perJob.toFixed(2)} statements per job (${(jobsRun / ops).toFixed(1)} jobs per create + pay)   (target ≤ 1)`,
        );
      } else if (backend.kind === 'pglite') {
        lines.push('  (the statement profile needs PostgreSQL)');
      }
      const cpu = newProfiles(CPU_PROF_DIR, cpuBefore);
      if (cpu.length) {
        lines.push(`  Booking server's CPU during the measured slices (${path.join(CPU_PROF_DIR!, cpu[0]!)}):`);
        lines.push(...summarizeCpuProfile(path.join(CPU_PROF_DIR!, cpu[0]!), root, bookingWindows));
      }
    }
    const searchDir = CPU_PROF_DIR && existsSync(CPU_PROF_DIR) ? readdirSync(CPU_PROF_DIR).find((f) => f.startsWith('search-') && !cpuBefore.has(f)) : undefined;
    const searchCpu = searchDir ? newProfiles(path.join(CPU_PROF_DIR!, searchDir), new Set()) : [];
    if (searchCpu.length) {
      const file = path.join(CPU_PROF_DIR!, searchDir!, searchCpu[0]!);
      lines.push(`  Search server's CPU (${sizes[0]!.toLocaleString('en')} guides) during the varied search's slices (${file}):`);
      lines.push(...summarizeCpuProfile(file, root, variedWindows));
    }
    lines.push('', 'Results', ...results);
  }

  if (chosen.has('chat')) {
    const why = await chatUnavailable(backend);
    if (why) lines.push(`  ${why}`);
    else {
      console.log('Chat series');
      lines.push(...(await runChatSeries(backend, basePort + 20, CPU_PROF_DIR && path.join(CPU_PROF_DIR, `chat-${Date.now()}`))));
    }
  }
  if (chosen.has('size')) {
    const size = landingInitialJs(root);
    lines.push(`  landing initial JS (gzip): ${(size.gzipBytes / 1024).toFixed(1)} KB   (target ≤ ${LANDING_JS_BUDGET / 1024} KB)`);
  }
  if (chosen.has('start')) {
    console.log('Start series (npm start: first start and restart)');
    lines.push(...(await runStartSeries(basePort + 30)));
  }
  console.log(lines.join('\n'));
  if (guardFailures.length) {
    console.error(`\nnpm run bench failed: ${guardFailures.join('; ')}`);
    process.exitCode = 1;
  }
}

/** The .cpuprofile files in `dir` that were not there before. */
function newProfiles(dir: string | undefined, before: Set<string>): string[] {
  return dir && existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.cpuprofile') && !before.has(f)) : [];
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
