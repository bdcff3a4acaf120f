import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, AppInstance } from './lib/types';
import { authRoutes } from './modules/auth/auth.routes';
import { registerAuth } from './modules/auth/index';
import { registerBookingPdf } from './modules/booking-pdf/index';
import { registerJobs } from './jobs/index';
import { registerBookings } from './modules/bookings/index';
import { catalogRoutes } from './modules/catalog/index';
import { clientErrorRoutes } from './modules/client-errors/index';
import { devRoutes } from './modules/dev/index';
import { registerGuideApplications } from './modules/guide-applications/index';
import { registerIdentity } from './modules/identity/index';
import { registerLicences } from './modules/licences/index';
import { registerGuideBusiness } from './modules/guide-business/index';
import { registerGuideOverview } from './modules/guide-overview/index';
import { guidesRoutes } from './modules/guides/index';
import { healthRoutes } from './modules/health/index';
import { registerMailer } from './modules/mail/index';
import { registerMessaging } from './modules/messaging/index';
import { registerNotifications } from './modules/notifications/index';
import { registerOffers } from './modules/offers/index';
import { registerPaymentProofs } from './modules/payment-proofs/index';
import { registerDisputes } from './modules/disputes/index';
import { registerReviews } from './modules/reviews/index';
import { savedGuidesRoutes } from './modules/saved-guides/index';
import { seoRoutes } from './modules/seo/index';
import { registerSupport } from './modules/support/index';
import { usersRoutes } from './modules/users/users.routes';
import { registerWallet } from './modules/wallet/index';
import { registerWeather } from './modules/weather/index';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { fastifyLogging, type LogDestination } from './plugins/request-log';
import { registerAdminUsers } from './modules/admin-users/index';
import { auditRoutes } from './modules/audit/index';
import { registerMetrics } from './plugins/metrics';
import { registerRedis } from './plugins/redis';
import { registerSecurity } from './plugins/security';
import { loadPageRenderer, registerWebApp, type PageRenderer } from './plugins/web-app';
import { registerRealtime } from './realtime/index';
import { registerStorage } from './storage/index';

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
 * Builds the whole product as one Fastify instance: external plugins, then app plugins, then
 * the domain modules, then the SPA. server.ts listens on it; tests call `inject()` on it.
 */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<AppInstance> {
  const app = Fastify({
    // One human-readable line per API request (JSON with NODE_ENV=production): plugins/request-log.ts.
    ...(opts.logger === false ? { logger: false } : fastifyLogging(ctx.config, opts.logDestination)),
    bodyLimit: ctx.config.bodyLimit,
    trustProxy: ctx.config.trustProxy,
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
  registerInputGuard(app);
  registerRedis(app);
  await registerSecurity(app);
  await registerOpenApi(app);
  registerMetrics(app);

  registerAuth(app);
  registerJobs(app);
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
  registerGuideBusiness(app);
  savedGuidesRoutes(app);
  registerBookings(app);
  registerWeather(app);
  registerBookingPdf(app);
  registerReviews(app);
  await registerRealtime(app);
  registerNotifications(app);
  registerMessaging(app);
  registerOffers(app);
  await registerPaymentProofs(app);
  await registerDisputes(app);
  await registerGuideApplications(app);
  await registerIdentity(app);
  await registerLicences(app);
  registerWallet(app);
  auditRoutes(app);
  registerAdminUsers(app);
  registerGuideOverview(app);
  seoRoutes(app);
  opts.extraRoutes?.(app);

  const webRoot = opts.webRoot ?? defaultWebRoot;
  await registerWebApp(app, webRoot, opts.renderer ?? (await loadPageRenderer(webRoot)));
  return app;
}
