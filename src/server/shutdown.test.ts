/**
 * Graceful shutdown (decision 088) through a real process and a listening port, where
 * inject() cannot show it: SIGTERM flips /readyz to 503 at once while requests are still answered,
 * WebSockets close with 1001, every reply names its instance, and the process exits 0 within 10 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect } from './realtime/test-socket';
import { cloneTemplateDatabase } from './test/database-template';
import { freePort } from './test/processes';

let child: ChildProcess;
let base: string;
let dataDir: string;
let exited: Promise<{ code: number | null; at: number }>;
let output = '';
let dropDatabase: (() => Promise<unknown>) | undefined;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'tabi-shutdown-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    INSTANCE_ID: 'shutdown-test-a',
    SHUTDOWN_GRACE_MS: '1500',
  };
  // Its own database: a copy of the run's template on PostgreSQL, or else embedded PGlite (slower: initdb).
  delete env.DATABASE_URL;
  if (process.env.DATABASE_URL) {
    const copy = await cloneTemplateDatabase(process.env.DATABASE_URL, inject('databaseTemplate') as string);
    env.DATABASE_URL = copy.url;
    dropDatabase = copy.drop;
  }
  delete env.REDIS_URL;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  exited = new Promise((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const until = Date.now() + 50_000;
  for (;;) {
    const res = await fetch(`${base}/readyz`).catch(() => undefined);
    if (res?.status === 200) break;
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 60_000);

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase?.();
});

describe('graceful shutdown', () => {
  it('names the instance in every reply', async () => {
    for (const url of ['/healthz', '/readyz', '/api/v2/cities', '/api/nothing-here']) {
      const res = await fetch(base + url);
      expect(res.headers.get('x-instance'), url).toBe('shutdown-test-a');
    }
  });

  it('on SIGTERM: /readyz 503 at once, requests still answered, sockets closed with 1001, exit 0 within 10 s', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'traveler', password: 'traveler123' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const socket = connect(`${base.replace('http', 'ws')}/ws?token=${token}`);
    await socket.opened;

    const signalled = Date.now();
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 150));
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect(await ready.json()).toMatchObject({ code: 'unavailable', message: 'This instance is shutting down' });
    // Still serving during the grace period (the balancer moves on; nothing in flight fails).
    const me = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    expect(await socket.closed).toBe(1001);
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(10_000);
    expect(await fetch(`${base}/healthz`).catch(() => 'refused')).toBe('refused');
  }, 20_000);
});
