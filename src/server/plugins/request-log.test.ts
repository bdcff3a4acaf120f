import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../test/test-app';
import { loggedUrl, type LogDestination } from './request-log';

const webRoot = mkdtempSync(path.join(tmpdir(), 'tabi-web-'));
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log("app");');

/** Everything the logger writes, one entry per line. */
class MemoryLog implements LogDestination {
  text = '';
  write(line: string) {
    this.text += line;
  }
  get lines() {
    return this.text.split('\n').filter(Boolean);
  }
}

/** The shape of a calendar feed's secret (43 characters of base64url). */
const FEED_SECRET = 'Zq3xY7kP0aB9cD2eF4gH6iJ8kL1mN3oP5qR7sT9uV0w';

const open: TestApp[] = [];
async function appLoggingTo(log: MemoryLog, env: Record<string, string>) {
  const t = await createTestApp({
    env,
    build: {
      webRoot,
      logger: true,
      logDestination: log,
      extraRoutes: (app) => {
        app.get('/api/test/explode', async () => {
          throw new Error('kaboom in a handler');
        });
        app.get('/api/test/explode-feed', async () => {
          throw new Error(`calendar refresh failed for http://localhost:3000/api/ical/${FEED_SECRET}.ics`);
        });
      },
    },
  });
  open.push(t);
  return t;
}
afterAll(async () => {
  await Promise.all(open.map((t) => t.close()));
});

describe('request log, development format', () => {
  const log = new MemoryLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await appLoggingTo(log, { NODE_ENV: 'development', LOG_LEVEL: 'info' });
  });
  beforeEach(() => {
    log.text = '';
  });

  it('writes one human-readable line per API request: method, path, status, duration, request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/guides?city=tokyo&page=1' });
    expect(res.statusCode).toBe(200);
    const id = String(res.headers['x-request-id']);
    const lines = log.lines.filter((l) => l.includes(id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/api\/v2\/guides\?city=tokyo&page=1 200 \d+(\.\d)? ms {2}\[[0-9a-f-]{36}\]$/,
    );
    expect(log.lines).toHaveLength(1);
    expect(() => JSON.parse(lines[0]!)).toThrow();

    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(log.lines.filter((l) => l.includes(String(missing.headers['x-request-id'])))).toEqual([
      expect.stringMatching(/INFO {2}GET \/api\/nothing-here 404 \d+(\.\d)? ms/),
    ]);
  });

  it('prints no query values under /api/auth/ and none for parameters that may be personal', async () => {
    await t.app.inject({ method: 'GET', url: '/api/auth/check-username?username=alice.personal' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'alice.personal', password: 'correct-horse-battery-staple' },
    });
    expect(log.text).toContain('GET /api/auth/check-username?username=… ');
    expect(log.text).toMatch(/POST \/api\/auth\/login (200|401) /);
    expect(log.text).not.toContain('alice.personal');
    expect(log.text).not.toContain('correct-horse');

    expect(loggedUrl('/api/dev/outbox?to=someone%40example.com&limit=5')).toBe('/api/dev/outbox?to=…&limit=5');
    expect(loggedUrl('/api/auth/reset-password?page=1&token=abc')).toBe('/api/auth/reset-password?page=…&token=…');
    expect(loggedUrl('/api/v2/guides?city=kyoto&services=a&services=b')).toBe(
      '/api/v2/guides?city=kyoto&services=a&services=b',
    );
    expect(loggedUrl('/api/me')).toBe('/api/me');
  });

  it('logs nothing at info for assets, the SPA, probes and unknown files; with LOG_LEVEL=debug they appear', async () => {
    const paths = [
      '/assets/app-abc123.js',
      '/',
      '/search?city=tokyo',
      '/guides/123',
      '/healthz',
      '/readyz',
      '/uploads/nothing.png',
      '/favicon.ico',
    ];
    for (const url of paths) await t.app.inject({ method: 'GET', url });
    expect(log.text).toBe('');

    const verbose = new MemoryLog();
    const d = await appLoggingTo(verbose, { NODE_ENV: 'development', LOG_LEVEL: 'debug' });
    verbose.text = '';
    await d.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(verbose.lines).toEqual([expect.stringMatching(/DEBUG GET \/assets\/app-abc123\.js 200 /)]);
  });

  it('shows an error with its message and stack, and the request line at warn', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    const id = String(res.headers['x-request-id']);
    expect(log.text).toMatch(
      new RegExp(`ERROR unhandled error {2}\\[${id}\\]\\n {4}Error: kaboom in a handler\\n +at `),
    );
    expect(log.text).toMatch(new RegExp(`WARN {2}GET /api/test/explode 500 \\d+(\\.\\d)? ms {2}\\[${id}\\]`));
  });
});

describe('request log, production format', () => {
  it('writes pino JSON, one object per line, with the request fields', async () => {
    const log = new MemoryLog();
    const t = await appLoggingTo(log, { ...PRODUCTION_ENV, LOG_LEVEL: 'info' });
    log.text = '';
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/guides?city=osaka' });
    await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    await t.app.inject({ method: 'GET', url: '/' });

    const entries = log.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: res.headers['x-request-id'],
      method: 'GET',
      url: '/api/v2/guides?city=osaka',
      statusCode: 200,
    });
    expect(typeof entries[0]!.time).toBe('number');
    expect(typeof entries[0]!.responseTime).toBe('number');

    await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer secret-token' } });
    expect(JSON.parse(log.lines.at(-1)!)).toMatchObject({ url: '/api/me', statusCode: 401 });
    expect(log.text).not.toContain('secret-token');
  });

  it('logs the calendar feed without its secret: the request line, and an error that names the URL', async () => {
    const log = new MemoryLog();
    const t = await appLoggingTo(log, { ...PRODUCTION_ENV, LOG_LEVEL: 'info' });
    log.text = '';
    const feed = await t.app.inject({ method: 'GET', url: `/api/ical/${FEED_SECRET}.ics` });
    expect(JSON.parse(log.lines.at(-1)!)).toMatchObject({
      url: '/api/ical/[secret]',
      statusCode: feed.statusCode,
      reqId: feed.headers['x-request-id'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/explode-feed' })).statusCode).toBe(500);
    expect(log.text).toContain('calendar refresh failed for http://localhost:3000/api/ical/[secret]');
    expect(log.text).not.toContain(FEED_SECRET);
  });
});
