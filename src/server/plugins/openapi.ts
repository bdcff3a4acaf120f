import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { declareStatuses, shapeStatuses } from './declared-statuses';

/**
 * The OpenAPI document is generated from the routes' zod schemas; /api/docs is the interactive page.
 * Each operation's `security` is derived from the guard it really runs (requireAuth, requireAdmin,
 * requireToken: a bearer token is required; optionalAuth: accepted), so the document cannot forget one. A route
 * that also takes another credential (the support visitor key) declares its security itself.
 * Each operation also declares the error statuses its shape makes possible (declared-statuses.ts),
 * so the document names every status a client can get, and has an operationId, the name a generated
 * client gives it (`operationIdOf`, decision 186). The document is linted by `npm run lint`
 * (scripts/lint-openapi.mjs, Redocly's recommended rules).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const operationIds = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
    const guards = [route.preHandler, route.onRequest, route.preValidation].flat().filter(Boolean);
    const required = guards.some((g) => g === app.requireAuth || g === app.requireAdmin || g === app.requireToken);
    const optional = guards.some((g) => g === app.optionalAuth);
    route.schema ??= {};
    const schema = route.schema as { security?: unknown; operationId?: string };
    // A route no guard reads a token on says so: `security: []` is "public", not "forgotten".
    schema.security ??= required ? [{ bearerAuth: [] }] : optional ? [{ bearerAuth: [] }, {}] : [];
    const method = [route.method].flat()[0] ?? 'GET';
    if (method !== 'HEAD')
      claimOperationId(
        operationIds,
        (schema.operationId ??= operationIdOf(method, route.url)),
        `${method} ${route.url}`,
      );
    const readsToken =
      required || optional || Boolean((route.schema as { security?: unknown[] } | undefined)?.security?.length);
    declareStatuses(route, shapeStatuses(route, { readsToken, adminOnly: guards.includes(app.requireAdmin) }));
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tabi Guides API', version: '1.0.0', description: 'The API behind the Tabi Guides web app.' },
      // The API is served by the app that serves this document, at its own origin.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          octoKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'A reseller’s API key for the OCTO API at /api/octo (decision 201), from the admin console',
          },
          supportKey: {
            type: 'apiKey',
            in: 'header',
            name: 'x-support-key',
            description: 'The key an anonymous visitor got when opening a support conversation',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (doc) => ('openapiObject' in doc ? plainShapes(doc.openapiObject) : doc.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

const pascal = (words: string) =>
  words
    .split(/[-_.]/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/**
 * An operation's id, unless its route's schema names one (`operationId`): the method and the path in
 * camelCase, without the `/api` and version prefixes, a parameter as `By<Name>`:
 * `GET /api/v2/guides/{id}/quote` is `getGuidesByIdQuote`. The path and method are the route's own, so
 * the id changes only when the route does.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  const words = segments.flatMap((s, i) => {
    if ((i === 0 && s === 'api') || (i === 1 && segments[0] === 'api' && /^v\d+$/.test(s))) return [];
    const param = /^(?::(\w+)|\{(\w+)\})$/.exec(s);
    return [param ? `By${pascal(param[1] ?? param[2] ?? '')}` : pascal(s)];
  });
  return method.toLowerCase() + words.join('');
}

/** Two routes whose ids meet (`/api/x` and `/api/v2/x`) stop the app's build: one names its own. */
function claimOperationId(ids: Map<string, string>, id: string, route: string): void {
  const held = ids.get(id);
  if (held && held !== route)
    throw new AppError(
      'internal',
      `operationId ${id} of ${route} is also ${held}'s: set operationId in one route's schema`,
    );
  ids.set(id, route);
}

/**
 * Two shapes OpenAPI 3.0 tools misread, written plainly: `nullable` is read only beside a `type`, so a
 * nullable union (`z.union(…).nullable()`) gets its branches' type when they share one; a record
 * keyed by an enum (`z.record(z.enum(LOCALES), …)`) requires keys it does not define, so each required
 * key gets the record's value schema.
 */
function plainShapes<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(plainShapes);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    const branches = (o.oneOf ?? o.anyOf) as { type?: unknown }[] | undefined;
    if (o.nullable === true && o.type === undefined && Array.isArray(branches)) {
      const types = new Set(branches.map((b) => b.type));
      if (types.size === 1 && typeof [...types][0] === 'string') o.type = [...types][0];
    }
    const values = o.additionalProperties;
    if (Array.isArray(o.required) && values && typeof values === 'object') {
      const properties = (o.properties ??= {}) as Record<string, unknown>;
      for (const key of o.required as string[]) properties[key] ??= values;
    }
    Object.values(o).forEach(plainShapes);
  }
  return node;
}
