import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, AppInstance } from './lib/types';
import { authRoutes, registerAuth } from './modules/auth/index';
import { catalogRoutes } from './modules/catalog/index';
import { clientErrorRoutes } from './modules/client-errors/index';
import { devRoutes } from './modules/dev/index';
import { guidesRoutes } from './modules/guides/index';
import { healthRoutes } from './modules/health/index';
import { registerMailer } from './modules/mail/index';
import { reviewsRoutes } from './modules/reviews/index';
import { savedGuidesRoutes } from './modules/saved-guides/index';
import { registerSupport } from './modules/support/index';
import { usersRoutes } from './modules/users/index';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web-app';
import { registerStorage } from './storage/index';

const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export interface BuildOptions {
  /** Folder of the built SPA; absent or without index.html, only the API is served. */
  webRoot?: string;
  logger?: boolean;
  /** Tests only: extra routes registered with the modules (for example one that throws). */
  extraRoutes?: (app: AppInstance) => void;
}

/**
 * Builds the whole product as one Fastify instance: external plugins, then app plugins, then
 * the domain modules, then the SPA. server.ts listens on it; tests call `inject()` on it.
 */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<AppInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: ctx.config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: ctx.config.bodyLimit,
    trustProxy: ctx.config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  // API bodies are JSON only: anything else is a 415 with a stable code.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  registerErrorHandler(app);
  await registerSecurity(app);
  await registerOpenApi(app);

  registerAuth(app);
  registerMailer(app);
  registerStorage(app);
  healthRoutes(app);
  catalogRoutes(app);
  clientErrorRoutes(app);
  authRoutes(app);
  await app.register(usersRoutes);
  devRoutes(app);
  registerSupport(app);
  guidesRoutes(app);
  savedGuidesRoutes(app);
  reviewsRoutes(app);
  opts.extraRoutes?.(app);

  await registerWebApp(app, opts.webRoot ?? defaultWebRoot);
  return app;
}
