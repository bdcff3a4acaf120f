/**
 * The booking series' physical anchor (decision 149): pgbench's TPC-B (scale 10, 16 clients) on the
 * same PostgreSQL server, in slices taking turns with the booking series, so create + pay can be
 * read as a share of what the database does for a simple transaction in the same minutes. Without
 * `pgbench` on the PATH, or without a PostgreSQL server, the bench says so in one line and keeps the
 * /healthz ratio.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createDatabase, type Backend, type BenchDatabase } from './lib';

/** create + pay must stay at or above this share of TPC-B's transactions a second (`npm run bench` fails below). */
export const TPCB_SHARE_TARGET = 0.06;
const SCALE = 10;
const CLIENTS = 16;

export interface TpcbAnchor {
  /** One measured slice of TPC-B (a warm-up when `measured` is false). */
  slice(seconds: number, measured?: boolean): Promise<void>;
  /** TPC-B's transactions a second over the measured slices. */
  tps(): number;
  drop(): Promise<void>;
}

function run(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', () => resolve({ code: -1, out }));
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

/**
 * The anchor on the bench's PostgreSQL server (its own database, initialized at scale 10), or the one line saying why
 * there is none.
 */
export async function prepareTpcb(backend: Backend): Promise<TpcbAnchor | string> {
  if (backend.kind !== 'postgres')
    return 'TPC-B anchor: needs a PostgreSQL server; the booking series keeps the /healthz ratio';
  if (spawnSync('pgbench', ['--version']).status !== 0)
    return 'TPC-B anchor: pgbench is not on the PATH; the booking series keeps the /healthz ratio';
  const db: BenchDatabase = await createDatabase(backend, 'tpcb');
  const url = db.env.DATABASE_URL!;
  // Server-side generation (G) is the quickest way to the 1,000,000 accounts of scale 10.
  const init = await run(['-i', '-q', '-s', String(SCALE), '-I', 'dtGvp', url]);
  if (init.code !== 0) {
    await db.drop();
    return `TPC-B anchor: pgbench -i failed (${init.out.trim().split('\n').pop()}); the booking series keeps the /healthz ratio`;
  }
  let transactions = 0;
  let seconds = 0;
  return {
    async slice(s: number, measured = true) {
      // -n: no vacuum between slices (the tables were vacuumed at -i); -j 2: the machine's two cores.
      const r = await run(['-n', '-b', 'tpcb-like', '-c', String(CLIENTS), '-j', '2', '-T', String(s), url]);
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(r.out);
      if (r.code !== 0 || !tps) throw new Error(`pgbench failed: ${r.out.trim().split('\n').slice(-3).join(' | ')}`);
      if (measured) {
        transactions += Number(tps[1]) * s;
        seconds += s;
      }
    },
    tps: () => (seconds ? transactions / seconds : NaN),
    drop: () => db.drop(),
  };
}
