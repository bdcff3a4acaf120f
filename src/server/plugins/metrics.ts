import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import { jobFigures, paymentFigures } from './metrics.repository';

/**
 * GET /metrics in Prometheus' text format: requests, latency, errors, open sockets, the job
 * queue and payments by outcome. Never public: on the app's port it answers only to
 * `Authorization: Bearer $METRICS_TOKEN` (and does not exist without a token); METRICS_PORT serves it
 * without a token on a separate port meant to stay inside the network. One registry per app, so
 * tests can run several apps in one process.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { token, port } = app.ctx.config.metrics;
  if (!token && port === undefined) return;

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  countRequests(app, registry);
  gaugeOpenSockets(app, registry);
  const readDatabase = gaugeDatabaseFigures(app.ctx.database.db, registry);
  const exposition = async () => {
    await readDatabase();
    return registry.metrics();
  };
  if (token) serveToTokenHolders(app, token, registry, exposition);
  if (port !== undefined) serveOnInternalPort(app, port, registry, exposition);
}

/** The scrape's body: the database figures read afresh, then every metric of the registry. */
type Exposition = () => Promise<string>;

/** Requests answered, those answered with a 5xx, and how long each took, by method, route and status. */
function countRequests(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a 5xx status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids and tokens in paths would make endless label values.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    if (reply.statusCode >= 500) errors.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
}

function gaugeOpenSockets(app: FastifyInstance, registry: Registry): void {
  new Gauge({
    name: 'realtime_open_sockets',
    help: 'WebSockets open on this instance',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('realtime') ? app.realtime.localCount() : 0);
    },
  });
}

/** The job queue and the payments by outcome; the function returned reads them into their gauges. */
function gaugeDatabaseFigures(db: Database, registry: Registry): () => Promise<void> {
  const queueDepth = new Gauge({
    name: 'jobs_queue_depth',
    help: 'Jobs waiting (queued) or being run (running)',
    labelNames: ['status'],
    registers: [registry],
  });
  const queueAge = new Gauge({
    name: 'jobs_oldest_due_age_seconds',
    help: 'How long the oldest due, queued job has waited',
    registers: [registry],
  });
  const payments = new Gauge({
    name: 'payments_total',
    help: 'Payments by method and outcome',
    labelNames: ['method', 'status'],
    registers: [registry],
  });

  // The database figures are read once per scrape, in two statements.
  return async () => {
    const [jobRows, paymentRows] = await Promise.all([jobFigures(db), paymentFigures(db)]);
    queueDepth.set({ status: 'queued' }, 0);
    queueDepth.set({ status: 'running' }, 0);
    let oldest = 0;
    for (const r of jobRows) {
      queueDepth.set({ status: r.status }, Number(r.n));
      if (r.status === 'queued') oldest = Math.max(0, Number(r.oldest_due_s ?? 0));
    }
    queueAge.set(oldest);
    payments.reset();
    for (const r of paymentRows) payments.set({ method: r.method, status: r.status }, Number(r.n));
  };
}

/** GET /metrics on the app's port, for `Authorization: Bearer $METRICS_TOKEN` only. */
function serveToTokenHolders(app: FastifyInstance, token: string, registry: Registry, exposition: Exposition): void {
  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = createHash('sha256')
      .update(request.headers.authorization ?? '')
      .digest();
    // Anyone without the token sees no such page.
    if (!timingSafeEqual(given, expected)) return reply.code(404).send({ code: 'not_found', message: 'Not found' });
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await exposition());
  });
}

/** GET /metrics without a token on METRICS_PORT, a server of its own that opens and closes with the app. */
function serveOnInternalPort(app: FastifyInstance, port: number, registry: Registry, exposition: Exposition): void {
  let server: Server | undefined;
  app.addHook('onReady', async () => {
    server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      exposition().then(
        (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
        (err: unknown) => {
          app.log.error({ err }, 'metrics scrape failed');
          res.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve) => server!.listen(port, app.ctx.config.host, resolve));
    const address = server.address();
    app.log.info(
      `Metrics on http://${app.ctx.config.host}:${typeof address === 'object' && address ? address.port : port}/metrics`,
    );
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  app.decorate('metricsServer', () => server);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The internal metrics server (METRICS_PORT), once the app is ready. */
    metricsServer?: () => Server | undefined;
  }
}
