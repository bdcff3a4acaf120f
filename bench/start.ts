/**
 * The start series (decision 086): how long `npm start` takes until the server answers
 * /readyz, on a first start and on a restart. It clones nothing: the first start is the whole build
 * (`npm run build`: web app, server renderer, compiled server, database template) followed by
 * `scripts/start.mjs` on a fresh DATA_DIR with the demo seed; the restart is `scripts/start.mjs` again
 * on that DATA_DIR, with nothing stale. `npm install` and npm's own start-up (some 0.3 s) are not in
 * these figures; a clean clone's `npm start` has both builds and the first start in one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { root, stop } from './lib';

/** The start targets (decision 086), in seconds, from the command to /readyz answering. */
const TARGET = { first: 20, restart: 3 };

/** Runs a Node script to its end; resolves to the seconds it took. */
function runToEnd(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve((performance.now() - started) / 1000)
        : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    ),
  );
}

/** `scripts/start.mjs` on this DATA_DIR and port; resolves when /readyz answers, with the seconds it took. */
async function timedStart(dataDir: string, port: number): Promise<{ child: ChildProcess; seconds: number }> {
  // npm start's defaults: the embedded database, the demo seed, no Redis.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED: 'demo', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  while (child.exitCode === null) {
    const ready = await new Promise<boolean>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/readyz' }, (res) => (res.resume(), resolve(res.statusCode === 200)))
        .on('error', () => resolve(false));
    });
    if (ready) return { child, seconds: (performance.now() - started) / 1000 };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`scripts/start.mjs exited with ${child.exitCode} before /readyz answered`);
}

export async function runStartSeries(port: number): Promise<string[]> {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'tabi-bench-start-')), 'data');
  try {
    const build = await runToEnd([path.join(root, 'scripts/build.mjs')]);
    const first = await timedStart(dataDir, port);
    await stop(first.child);
    const restart = await timedStart(dataDir, port);
    await stop(restart.child);
    const s = (x: number) => `${x.toFixed(1)} s`;
    return [
      `  first start: build ${s(build)} + start on a fresh DATA_DIR ${s(first.seconds)} = ${s(build + first.seconds)}   (target ≤ ${TARGET.first} s)`,
      `  restart: ${s(restart.seconds)}   (target ≤ ${TARGET.restart} s)`,
      `  (load average ${loadavg()[0]!.toFixed(1)} when done; on a busy machine these figures grow with it)`,
    ];
  } finally {
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}
