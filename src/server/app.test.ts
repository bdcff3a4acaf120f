import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { AppError } from './lib/app-error';
import { createTestApp, type TestApp } from './test/test-app';

const webRoot = mkdtempSync(path.join(tmpdir(), 'tabi-web-'));
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log("app");'.repeat(200));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    build: {
      webRoot,
      extraRoutes: (app) => {
        app.get('/api/test/explode', async () => {
          throw new Error('secret internal detail: connection string postgres://user:pw@host');
        });
        app.get('/api/test/invariant', async () => {
          throw new AppError('internal', 'secret invariant detail: payment 7 is not booking 9’s');
        });
      },
    },
  });
});
afterAll(() => t.close());

const report = { message: 'TypeError: x is undefined', url: 'http://localhost/search' };

describe('error model', () => {
  it('an unknown /api path is a JSON 404, never the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('invalid input is a 400 validation_failed naming the fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/client-errors', payload: { message: '', url: 5 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['body.message', 'body.url']);
  });

  it('malformed JSON is a 400 bad_request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"message": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request' });
  });

  it('a body that is not JSON is a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('an oversized body is a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { ...report, stack: 'x'.repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('an unexpected failure is a 500 `internal` with no internals in the reply', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'internal', message: 'Internal error' });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('postgres://');
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });

  it('a broken invariant (AppError `internal`) answers like any unexpected failure: its message stays in the log', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/invariant' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'internal', message: 'Internal error' });
    expect(res.body).not.toContain('secret');
  });

  it('rate limits repeated crash reports with 429 rate_limited', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        payload: report,
        remoteAddress: '10.9.9.9',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 204)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const last = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: report,
      remoteAddress: '10.9.9.9',
    });
    expect(last.json()).toMatchObject({ code: 'rate_limited' });
  });
});

describe('crash reports', () => {
  it('are bounded in size and logged without token-shaped strings', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      build: { logger: true, logDestination: { write: (l: string) => void lines.push(l) } },
    });
    try {
      const send = (payload: object) =>
        logged.app.inject({ method: 'POST', url: '/api/client-errors', payload, remoteAddress: '10.9.9.10' });
      expect((await send({ ...report, message: 'x'.repeat(501) })).statusCode).toBe(400);
      expect((await send({ ...report, stack: 'x'.repeat(4001) })).statusCode).toBe(400);
      const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOjF9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
      const reset = 'k3J9xQ2mZ8pL5vN1bT7wR4yH6cF0dS3aG9eU2iO8';
      const res = await send({
        message: `Unauthorized Bearer ${jwt}`,
        url: `http://localhost/reset-password?token=${reset}`,
        stack: `at load (app.js:1:1) ${reset}`,
      });
      expect(res.statusCode).toBe(204);
      const log = lines.join('');
      expect(log).toContain('web app error');
      expect(log).toContain('reset-password?token=[token]');
      expect(log).not.toContain(jwt);
      expect(log).not.toContain(reset);
    } finally {
      await logged.close();
    }
  });
});

describe('transport', () => {
  it('sends HSTS only over HTTPS (here: a trusted proxy saying so), never over plain HTTP', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const https = await proxied.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('takes the client address the nearest proxy saw: a forged left-most X-Forwarded-For entry is not the client (TRUST_PROXY=1 and true)', async () => {
    for (const setting of ['1', 'true']) {
      const proxied = await createTestApp({ env: { TRUST_PROXY: setting } });
      try {
        // The proxy (10.0.0.2) appends the address it saw; the client wrote a new left-most entry each time.
        const login = (client: string, i: number) =>
          proxied.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: '10.0.0.2',
            headers: { 'x-forwarded-for': `198.18.${i}.${i + 1}, ${client}` },
            payload: { username: 'nobody-here', password: `wrong-${i}` },
          });
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) statuses.push((await login('203.0.113.7', i)).statusCode);
        expect(statuses, setting).toEqual([...Array<number>(10).fill(401), 429]);
        // Another client behind the same proxy is a different address, not paused with the first.
        expect((await login('203.0.113.8', 11)).statusCode, setting).toBe(401);
      } finally {
        await proxied.close();
      }
    }
  });

  it('reads TRUST_PROXY as hops or proxy addresses; true is one hop, anything else is refused at start', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,loopback, ::1')).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback', '::1']);
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const bad of ['all', '10.0.0.0/33', '10.0.0.300', '1.2.3.4,'])
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
  });

  it('answers headers over the limit with a JSON 431 headers_too_large', async () => {
    const raw = await rawRequest(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toContain('application/json');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'headers_too_large',
      message: 'The request headers are too large',
    });
  });

  it('answers a URL over the limit with a JSON 414 uri_too_long, though Node refuses it before Fastify sees it', async () => {
    // Node counts the request line against its 16 KB header limit; 100 000 characters span several packets.
    for (const length of [20_000, 100_000]) {
      const raw = await rawRequest(`GET /api/v2/guides?q=${'a'.repeat(length)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expect(raw, `${length}`).toMatch(/^HTTP\/1\.1 414 /);
      expect(raw).toContain('application/json');
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
        code: 'uri_too_long',
        message: 'The request URL is too long',
      });
    }
  });
});

let address: Promise<string> | undefined;
/**
 * Writes a raw request to the app on a real port (what inject cannot show: Node's own parser) and reads the whole
 * answer.
 */
async function rawRequest(request: string): Promise<string> {
  address ??= t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(await address);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (c) => (data += c.toString()));
    socket.on('close', () => resolve(data));
    socket.on('error', (e) => (data ? resolve(data) : reject(e)));
  });
}

describe('headers', () => {
  it('sends security headers with a CSP that allows the SPA but not inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('API replies are not cached and carry a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/cities' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('compresses large replies', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/service-categories',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('web app serving', () => {
  it('serves index.html, never cached, for client-side routes', async () => {
    for (const url of ['/', '/search?city=kyoto', '/guides/12', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long-lived cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('a missing asset is a 404, not the SPA', async () => {
    for (const url of ['/assets/missing.js', '/logo.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v2/service-categories', '/api/v2/cities', '/healthz']),
    );
  });

  it('has an interactive page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});
