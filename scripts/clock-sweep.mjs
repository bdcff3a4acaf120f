#!/usr/bin/env node
// Runs the Vitest suites (PGlite) with the whole process's clock set by libfaketime to the moments
// where a test that reads the clock tends to break: just before and after midnight in Japan, a month's
// and a year's end there, and daylight-saving changes in travelers' zones. A suite that passes only
// at some hours or on some days fails here before it fails a submission.
//
//   apt-get install -y faketime        # once; Debian's package
//   node scripts/clock-sweep.mjs        # every moment below, one whole run each (about 4 min each)
//   node scripts/clock-sweep.mjs '2027-01-31 15:30:00' -- src/server/modules/bookings
//
// Moments are UTC (this machine's zone); the clock runs on from each. Arguments after `--` go to Vitest.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const MOMENTS = [
  ['2026-11-24 15:30:00', '00:30 in Japan, where CI once failed'],
  ['2026-11-30 14:59:00', '23:59 in Japan on a month’s last day'],
  ['2026-11-30 15:01:00', '00:01 in Japan on a month’s first day'],
  ['2026-12-31 14:59:00', '23:59 in Japan on the year’s last day'],
  ['2027-03-14 09:30:00', '01:30 → 03:30 in Los Angeles, daylight saving begins'],
  ['2027-03-28 00:30:00', '00:30 → 02:30 in London, summer time begins'],
  ['2027-10-31 00:30:00', '01:30 → 01:00 in London, summer time ends'],
];

const LIB = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
if (!existsSync(LIB)) {
  console.error('libfaketime is missing: apt-get install -y faketime');
  process.exit(2);
}
const dash = process.argv.indexOf('--');
const given = process.argv.slice(2, dash < 0 ? undefined : dash);
const vitestArgs = dash < 0 ? [] : process.argv.slice(dash + 1);
const moments = given.length ? given.map((m) => [m, 'given']) : MOMENTS;

// A PostgreSQL server keeps its own, real clock: the sweep runs on PGlite, in the faked process.
const env = { ...process.env, LD_PRELOAD: LIB, CI: 'true' };
delete env.DATABASE_URL;
delete env.REDIS_URL;

const results = [];
for (const [moment, why] of moments) {
  console.log(`\n▶ ${moment} UTC (${why})`);
  const started = Date.now();
  const run = spawnSync('npx', ['vitest', 'run', ...vitestArgs], {
    stdio: 'inherit',
    env: { ...env, FAKETIME: `@${moment}` },
  });
  results.push(
    `${run.status === 0 ? 'passed' : 'FAILED'}  ${moment} UTC  ${why}  (${Math.round((Date.now() - started) / 1000)} s)`,
  );
}
console.log(`\nClock sweep\n${results.map((r) => `  ${r}`).join('\n')}`);
process.exit(results.some((r) => r.startsWith('FAILED')) ? 1 : 0);
