import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declareStatuses, shapeStatuses } from './declared-statuses';

/**
 * The OpenAPI document is generated from the routes' zod schemas; /api/docs is the interactive page.
 * Each operation's `security` is derived from the guard it really runs (requireAuth, requireAdmin,
 * requireToken: a bearer token is required; optionalAuth: accepted), so the document cannot forget one. A route
 * that also takes another credential (the support visitor key) declares its security itself.
 * Each operation also declares the error statuses its shape makes possible (declared-statuses.ts),
 * so the document names every status a client can get.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
    const guards = [route.preHandler, route.onRequest, route.preValidation].flat().filter(Boolean);
    const required = guards.some((g) => g === app.requireAuth || g === app.requireAdmin || g === app.requireToken);
    const optional = guards.some((g) => g === app.optionalAuth);
    if (required || optional) {
      route.schema ??= {};
      (route.schema as { security?: unknown }).security ??= required ? [{ bearerAuth: [] }] : [{ bearerAuth: [] }, {}];
    }
    const readsToken = required || optional || Boolean((route.schema as { security?: unknown[] } | undefined)?.security?.length);
    declareStatuses(route, shapeStatuses(route, { readsToken, adminOnly: guards.includes(app.requireAdmin) }));
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tabi Guides API', version: '1.0.0', description: 'The API behind the Tabi Guides web app.' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          supportKey: { type: 'apiKey', in: 'header', name: 'x-support-key', description: 'The key an anonymous visitor got when opening a support conversation' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
