import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { composeModules } from './compose';
import { shuttingDown } from './modules/health/index';
import type { AppContext, AppInstance } from './lib/types';
import { drainBound, registerBodyDrain } from './plugins/body-drain';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { fastifyLogging, type LogDestination } from './plugins/request-log';
import { registerMetrics } from './plugins/metrics';
import { registerRedis } from './plugins/redis';
import { registerSecurity } from './plugins/security';
import { loadPageRenderer, registerWebApp, type PageRenderer } from './plugins/web-app';

const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export interface BuildOptions {
  /** Folder of the built SPA; absent or without index.html, only the API is served. */
  webRoot?: string;
  /** Renders public pages on the server; by default the build's (dist/ssr), when there is one. */
  renderer?: PageRenderer;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them from memory); the format follows NODE_ENV. */
  logDestination?: LogDestination;
  /** Tests only: extra routes registered with the modules (for example one that throws). */
  extraRoutes?: (app: AppInstance) => void;
}

/**
 * TRUST_PROXY for Fastify: a hop count as proxy-addr's hop test (Fastify's types take no number);
 * the nearest `hops` addresses (the socket's peer first) are proxies, the next one is the client.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * Builds the whole product as one Fastify instance: external plugins, then app plugins, then
 * the domain modules (compose.ts), then the SPA. server.ts listens on it; tests call `inject()` on it.
 */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<AppInstance> {
  const app = Fastify({
    // One human-readable line per API request (JSON with NODE_ENV=production): plugins/request-log.ts.
    ...(opts.logger === false ? { logger: false } : fastifyLogging(ctx.config, opts.logDestination)),
    bodyLimit: ctx.config.bodyLimit,
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true },
    // Requests that reach a closing server still get answered (nothing in flight fails; decision 088).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  // API bodies are JSON only: anything else is a 415 with a stable code.
  app.removeContentTypeParser('text/plain');
  // Stopping, behind a balancer that says it passes a 503 on to another instance for what it may send
  // twice (deploy/nginx.conf: `X-Balancer-Retries: idempotent`): a GET or HEAD is refused, so the
  // balancer passes it on, counts this instance failed and sends it nothing more, a POST included,
  // before its port closes. Without it nginx kept sending until the close, and a POST it had just sent
  // as the port closed was lost to a 502 (decision 088). Without the header, every request is served.
  app.addHook('onRequest', async (request) => {
    if (!app.readiness?.draining || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    if (request.headers['x-balancer-retries'] === 'idempotent') throw shuttingDown();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-instance', ctx.config.instanceId);
    // Stopping: the balancer should not reuse this connection (a new one goes to a live instance).
    if (app.readiness?.draining) reply.header('connection', 'close');
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  registerErrorHandler(app);
  registerBodyDrain(app, drainBound(ctx.config.bodyLimit));
  registerInputGuard(app);
  registerRedis(app);
  await registerSecurity(app);
  await registerOpenApi(app);
  registerMetrics(app);

  await composeModules(app);
  opts.extraRoutes?.(app);

  const webRoot = opts.webRoot ?? defaultWebRoot;
  await registerWebApp(app, webRoot, opts.renderer ?? (await loadPageRenderer(webRoot)));
  return app;
}
