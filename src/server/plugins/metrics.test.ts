import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics on the app port (METRICS_TOKEN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('is a 404 without the token or with a wrong one, and is not in the API document', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    }
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('counts requests by route pattern and status, times them, and reports sockets, jobs and payments', async () => {
    await t.app.inject({ url: '/healthz' });
    await t.app.inject({ url: '/api/v2/guides/424242' });
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    expect(body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} [1-9]/);
    // The pattern, never the id.
    expect(body).toMatch(/http_requests_total\{method="GET",route="\/api\/v2\/guides\/:id",status="404"\} 1/);
    expect(body).not.toMatch(/route="[^"]*424242/);
    expect(body).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/healthz",status="200"\} [1-9]/,
    );
    expect(body).toMatch(/^realtime_open_sockets 0$/m);
    expect(body).toMatch(/^jobs_queue_depth\{status="queued"\} \d+$/m);
    expect(body).toMatch(/^jobs_oldest_due_age_seconds \d/m);
    expect(body).toContain('# TYPE payments_total gauge');
    expect(body).toContain('process_cpu_user_seconds_total');
  });
});

describe('METRICS_PORT: an internal port without a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_PORT: '0' } });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('serves /metrics there, and the app port does not', async () => {
    const address = t.app.metricsServer!()!.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE http_requests_total counter');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    // On the app port /metrics is just a path of the web app (its not-found page), never the figures.
    expect((await t.app.inject({ url: '/metrics' })).body).not.toContain('http_requests_total');
  });
});
