/**
 * The search series of `npm run bench` (bench/run.ts): its databases of generated guides, the two ways it
 * asks (the landing form's typical search and a varied one), the load it puts on a server, and its verdicts.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { addDays, isoWeekday, todayInZone } from '../src/shared/availability';
import { SERVICE_CITY_SLUGS } from '../src/shared/cities';
import { generateBulkGuides } from '../src/server/db/seed/guides';
import { runSeed } from '../src/server/db/seed/index';
import { loadOps, request, type BenchDatabase, type Result, type Sample } from './lib';

/** GET requests for the paths the generator gives, counting 200s. */
export async function load(port: number, paths: () => string, seconds: number, concurrency: number): Promise<Sample> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    return await loadOps(seconds, concurrency, async () => (await request(agent, port, 'GET', paths())).status === 200);
  } finally {
    agent.destroy();
  }
}

/** A fresh database of `size` generated guides over the catalog, vacuumed and analyzed as a live one would be. */
export async function fill(db: BenchDatabase, size: number): Promise<void> {
  const database = await db.open();
  try {
    await database.migrate();
    await runSeed(database.db, 'none');
    const started = performance.now();
    await generateBulkGuides(database.db, size, (done) =>
      process.stdout.write(`\r  generating ${done} / ${size} guides`),
    );
    await database.db.execute(sql`vacuum analyze`);
    console.log(` — ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

/** Many different questions: every filter, sort and the first pages, drawn from a fixed sequence. */
export function variedSearch(): () => string {
  const today = todayInZone('Asia/Tokyo');
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed / 0x7fffffff);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
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

/**
 * The typical search of the landing form: a city, Chinese, 2 travelers, the default 100–500 RMB band, next Saturday.
 */
export function typicalSearch(): () => string {
  let d = addDays(todayInZone('Asia/Tokyo'), 1);
  while (isoWeekday(d) !== 6) d = addDays(d, 1);
  let i = 0;
  return () => {
    const city = SERVICE_CITY_SLUGS[i++ % SERVICE_CITY_SLUGS.length];
    return `/api/v2/guides?city=${city}&language=zh&travelers=2&minPrice=100&maxPrice=500&date=${d}`;
  };
}

/**
 * The search series' verdicts: each search's share of /healthz at the smaller size, and its p99's growth to the larger.
 */
export function searchResults(search: Record<string, Result>, health: Result, sizes: number[]): string[] {
  const results: string[] = [];
  const [small, large] = sizes;
  for (const mode of ['typical', 'varied']) {
    const a = search[`${small}-${mode}`];
    const b = search[`${large}-${mode}`];
    // The first target was ≥ 25 % and < 1.5×; the current one asks the varied search for ≥ 30 % and ≤ 1.3×.
    const [share, growth] = mode === 'varied' ? ['≥ 30%', '≤ 1.3×'] : ['≥ 25%', '< 1.5×'];
    if (a)
      results.push(
        `  ${mode.padEnd(9)} search / healthz throughput at ${small!.toLocaleString('en')} guides: ${((a.rps / health.rps) * 100).toFixed(1)}%   (target ${share})`,
      );
    if (a && b)
      results.push(
        `  ${mode.padEnd(9)} search p99 at ${large!.toLocaleString('en')} vs ${small!.toLocaleString('en')} guides: ${(b.p99 / a.p99).toFixed(2)}× (${a.p99.toFixed(1)} → ${b.p99.toFixed(1)} ms)   (target ${growth})`,
      );
    else if (a) results.push(`  ${mode.padEnd(9)} search p99 growth: needs two sizes (BENCH_SIZES)`);
  }
  return results;
}
