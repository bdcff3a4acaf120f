#!/usr/bin/env node
/**
 * `npm run cluster`: Tabi Guides on many machines, on this one (decision 088).
 *
 * Starts PostgreSQL (a throwaway cluster in a temporary folder, or the server DATABASE_URL names, in a
 * new database of its own), Redis (REDIS_URL's, or `redis-server` on a spare port), s3rver (S3), two
 * instances of the compiled server (dist/server/server.js; built first when missing) and nginx in
 * front on one port, WebSockets included; prints the URL; on Ctrl-C (SIGINT/SIGTERM) stops everything
 * it started and removes its folders (and its database).
 *
 * Settings: CLUSTER_PORT (the balancer, default 3870), CLUSTER_APP_PORTS (default 3871,3872),
 * DATABASE_URL, REDIS_URL, SEED, LOG_LEVEL. scripts/cluster-test.ts starts it with `startCluster()`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Redis from 'ioredis';
import pg from 'pg';
import { TEST_OPERATOR_ENV } from './test-operator.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitFor(what, check, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`${what} did not start within ${ms / 1000} s`);
    await sleep(150);
  }
}

/**
 * deploy/nginx.conf for this machine: the instances on local ports instead of app1:3000 and
 * app2:3000, the balancer on 127.0.0.1:port, logs and temporary files in the cluster's folder.
 */
export function localNginxConfig(conf, { port, appPorts, nginxDir }) {
  const replace = (text, pattern, by) => {
    if (!pattern.test(text))
      throw new Error(`deploy/nginx.conf: ${pattern} not found; keep scripts/cluster.mjs in step`);
    return text.replace(pattern, by);
  };
  const temp = (n) => `${n}_temp_path ${path.join(nginxDir, n)};`;
  let out = replace(
    conf,
    /(upstream tabi_app \{\n)(?:\s*server [^\n]*\n)+/,
    (_, head) => head + appPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;\n`).join(''),
  );
  out = replace(out, /listen 80;/, `listen 127.0.0.1:${port};`);
  out = replace(
    out,
    /access_log \/var\/log\/nginx\/access\.log /,
    `access_log ${path.join(nginxDir, 'logs/access.log')} `,
  );
  out = replace(
    out,
    /\nhttp \{\n/,
    `\nerror_log ${path.join(nginxDir, 'logs/error.log')} warn;\nhttp {\n  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}\n`,
  );
  return out;
}

/** Starts the whole cluster; resolves to its URL, the instances' ports, `restart(i)` and `stop()`. */
export async function startCluster(opts = {}) {
  const env = { ...process.env, ...opts.env };
  const log = opts.log ?? ((line) => console.log(line));
  const quiet = opts.quiet ?? false;
  const port = Number(env.CLUSTER_PORT ?? 3870);
  const appPorts = (env.CLUSTER_APP_PORTS ?? '3871,3872').split(',').map(Number);
  const dir = mkdtempSync(path.join(tmpdir(), 'tabi-cluster-'));
  const children = [];
  const cleanups = [];
  let stopping = false;

  // Each child in a process group of its own (detached): a Ctrl-C in the terminal reaches this script
  // only, which then stops them in order (the balancer, the instances, then the services they use).
  const run = (name, cmd, args, options = {}) => {
    const service = options.service ?? false;
    const child = spawn(cmd, args, {
      stdio: ['ignore', quiet || service ? 'ignore' : 'inherit', quiet || service ? 'pipe' : 'inherit'],
      detached: true,
      ...options,
    });
    let stderr = '';
    child.stderr?.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    child.on('exit', (code, signal) => {
      if (!stopping) log(`cluster: ${name} exited (${signal ?? code})${stderr ? `\n${stderr}` : ''}`);
    });
    child.label = name;
    children.push(child);
    return child;
  };

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // The balancer first, then the app instances (SIGTERM: they drain), then the services.
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), sleep(12_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    for (const fn of cleanups.reverse()) await fn().catch((err) => log(`cluster: clean-up failed: ${err.message}`));
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // ---- PostgreSQL
    let databaseUrl;
    if (env.DATABASE_URL) {
      const name = `tabi_cluster_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: env.DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(env.DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      });
      log(`cluster: PostgreSQL: database ${name} on the DATABASE_URL server`);
    } else {
      const pgDir = path.join(dir, 'pg');
      mkdirSync(pgDir);
      // PostgreSQL refuses to run as root: as root, it runs as the postgres user.
      const asRoot = process.getuid?.() === 0;
      const wrap = (cmd, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
      if (asRoot) {
        const { status, stdout } = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
        if (status !== 0) throw new Error('running as root needs a postgres user (or set DATABASE_URL)');
        const uid = Number(stdout.trim());
        chmodSync(dir, 0o755);
        chownSync(pgDir, uid, -1);
      }
      const pgPort = await freePort();
      const [initCmd, initArgs] = wrap('initdb', [
        '-D',
        path.join(pgDir, 'data'),
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--no-sync',
      ]);
      const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
      if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.error?.message}`);
      const [pgCmd, pgArgs] = wrap('postgres', [
        '-D',
        path.join(pgDir, 'data'),
        '-p',
        String(pgPort),
        '-k',
        pgDir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
      ]);
      run('postgres', pgCmd, pgArgs, { service: true });
      databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
      await waitFor('PostgreSQL', async () => {
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        await c.end();
        return true;
      });
      log(`cluster: PostgreSQL: a throwaway cluster on port ${pgPort}`);
    }

    // ---- Redis
    let redisUrl = env.REDIS_URL;
    const keyPrefix = env.REDIS_KEY_PREFIX ?? `tabi-cluster-${randomBytes(4).toString('hex')}:`;
    if (!redisUrl) {
      const redisPort = await freePort();
      run(
        'redis',
        'redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
        { service: true },
      );
      redisUrl = `redis://127.0.0.1:${redisPort}`;
      await waitFor(
        'Redis',
        () =>
          new Promise((resolve) => {
            const s = createServer();
            s.once('error', () => resolve(true)); // the port is taken: redis listens
            s.listen(redisPort, '127.0.0.1', () => s.close(() => resolve(false)));
          }),
      );
      log(`cluster: Redis: redis-server on port ${redisPort}`);
    } else {
      log(`cluster: Redis: REDIS_URL, keys under ${keyPrefix}`);
      // A prefix of its own: its keys (throttles, rate limits) go when the cluster stops.
      if (!env.REDIS_KEY_PREFIX) {
        cleanups.push(async () => {
          const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
          await redis.connect();
          try {
            let cursor = '0';
            do {
              const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
              if (keys.length) await redis.del(...keys);
              cursor = next;
            } while (cursor !== '0');
          } finally {
            redis.disconnect();
          }
        });
      }
    }

    // ---- S3 (s3rver, in a process of its own so the app instances and this script stay independent)
    const s3Port = await freePort();
    const s3Dir = path.join(dir, 's3');
    mkdirSync(s3Dir);
    const s3Script = `import S3rver from 's3rver';
const s = new S3rver({ port: ${s3Port}, address: '127.0.0.1', silent: true, directory: ${JSON.stringify(s3Dir)}, configureBuckets: [{ name: 'tabi-uploads', configs: [] }] });
await s.run();
process.on('SIGTERM', () => s.close().then(() => process.exit(0)));
process.on('SIGINT', () => s.close().then(() => process.exit(0)));`;
    run('s3rver', process.execPath, ['--input-type=module', '-e', s3Script], { cwd: root, service: true });
    await waitFor('s3rver', async () => (await fetch(`http://127.0.0.1:${s3Port}/`)).status < 500);
    log(`cluster: S3: s3rver on port ${s3Port}, bucket tabi-uploads`);

    // ---- the app instances (the first migrates and seeds; the second starts when it is ready)
    const server = path.join(root, 'dist/server/server.js');
    if (!existsSync(server)) {
      log('cluster: building (npm run build)…');
      const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
      if (b.status !== 0) throw new Error('npm run build failed');
    }
    const appUrl = `http://localhost:${port}`;
    const jwtSecret = env.JWT_SECRET ?? randomBytes(32).toString('hex');
    const instances = [];
    /** Starts (or starts again, after a crash) instance `i`; resolves when it answers /readyz. */
    const startInstance = async (i) => {
      const appPort = appPorts[i];
      const instanceId = `app${i + 1}`;
      const appEnv = {
        ...env,
        NODE_ENV: env.CLUSTER_NODE_ENV ?? 'production',
        HOST: '127.0.0.1',
        PORT: String(appPort),
        APP_URL: appUrl,
        // nginx in front sets X-Forwarded-For to the address it saw (decision 098): one hop.
        TRUST_PROXY: '1',
        DATA_DIR: path.join(dir, instanceId),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: keyPrefix,
        JWT_SECRET: jwtSecret,
        ...TEST_OPERATOR_ENV,
        INSTANCE_ID: instanceId,
        SHUTDOWN_GRACE_MS: env.SHUTDOWN_GRACE_MS ?? '1000',
        SEED: env.SEED ?? 'demo',
        LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
        S3_BUCKET: 'tabi-uploads',
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
      const child = run(instanceId, process.execPath, ['--enable-source-maps', server], { cwd: root, env: appEnv });
      instances[i] = { id: instanceId, port: appPort, child };
      await waitFor(instanceId, async () => (await fetch(`http://127.0.0.1:${appPort}/readyz`)).ok, 90_000);
      log(`cluster: ${instanceId} ready on port ${appPort}`);
    };
    for (const i of appPorts.keys()) await startInstance(i);

    // ---- nginx in front: deploy/nginx.conf itself (one source), with this machine's ports and folders
    const nginxDir = path.join(dir, 'nginx');
    mkdirSync(path.join(nginxDir, 'logs'), { recursive: true });
    // Started as root, nginx's workers run as `nobody` and write a request body over 16 KB to a file
    // under nginxDir: the cluster's folder (0700 from mkdtemp) must let them through, or such a request is a 500.
    if (process.getuid?.() === 0) chmodSync(dir, 0o755);
    writeFileSync(
      path.join(nginxDir, 'nginx.conf'),
      localNginxConfig(readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8'), { port, appPorts, nginxDir }),
    );
    const nginxBin = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
    run('nginx', nginxBin, [
      '-p',
      nginxDir,
      '-c',
      path.join(nginxDir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${path.join(nginxDir, 'nginx.pid')};`,
    ]);
    await waitFor('nginx', async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok);
    const url = `http://localhost:${port}`;
    // `restart(i)`: instance i again after it stopped (the cluster test crashes one and brings it back).
    const restart = (i) => startInstance(i);
    return {
      url,
      databaseUrl,
      redisUrl,
      keyPrefix,
      instances,
      restart,
      stop,
      nginxLog: path.join(nginxDir, 'logs/access.log'),
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cluster = await startCluster().catch((err) => {
    console.error(`cluster: ${err.message}`);
    process.exit(1);
  });
  console.log(
    `\n  Tabi Guides (two instances behind nginx) is running at ${cluster.url}\n  Ctrl-C stops everything.\n`,
  );
  let signalled = false;
  const onSignal = async (signal) => {
    if (signalled) return;
    signalled = true;
    console.log(`cluster: ${signal}: stopping`);
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
}
