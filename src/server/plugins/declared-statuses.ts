import { STATUS_CODES } from 'node:http';
import type { RouteOptions } from 'fastify';
import { errorBodySchema } from '../../shared/schemas/common';

/** Methods whose body Fastify never reads: no 413 or 415 for them. */
const BODYLESS = new Set(['GET', 'HEAD']);

/** What the OpenAPI hook knows about a route's guards. */
export interface RouteGuards {
  /** It reads a bearer token (required or optional): a missing or garbled one is a 401. */
  readsToken: boolean;
  /** Admins only: everyone else gets 404, the admin area is invisible. */
  adminOnly: boolean;
}

/**
 * The error statuses a route can answer because of its shape, whatever its handler does
 * (decision 084). A route declares the others (409, 402, 403 …) itself, next to the service call
 * that throws them.
 * - 400: the input guard reads every route's path, query string and body, and schemas refuse bad input
 * - 401: it reads a bearer token
 * - 404: a resource id in its path (missing, or not yours: the same 404, so another user's ids cannot be probed), or
 *   the admin area
 * - 413, 415: it takes a body (over the limit; not JSON, or not multipart for an upload)
 * - 414: a path parameter over the router's length limit (`maxParamLength`), answered before the route runs
 * - 429: it is rate-limited (`config.rateLimit`)
 * - 500: anything can fail
 * - 503: it takes an upload (`consumes` multipart/form-data): the file store may be down (decision 101)
 */
export function shapeStatuses(
  route: Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>,
  guards: RouteGuards,
): number[] {
  const statuses = [400, 500];
  const hasPathParams = /[:*]/.test(route.url);
  const takesBody = [route.method].flat().some((m) => !BODYLESS.has(m.toUpperCase()));
  if (guards.readsToken) statuses.push(401);
  if (hasPathParams || guards.adminOnly) statuses.push(404);
  if (hasPathParams) statuses.push(414);
  if (takesBody) statuses.push(413, 415);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429);
  if ((route.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data'))
    statuses.push(503);
  return statuses.sort((a, b) => a - b);
}

const described = new Map<number, typeof errorBodySchema>();
/** The error body, described for one status: the document says "Not Found", not "Default Response". */
function errorBodyFor(status: number): typeof errorBodySchema {
  let schema = described.get(status);
  if (!schema)
    described.set(
      status,
      (schema = errorBodySchema.describe(`${STATUS_CODES[status] ?? 'Error'}: the body's \`code\` says which`)),
    );
  return schema;
}

/**
 * Adds the error body to the route's `response` for each status it does not declare yet, and names
 * the status of those it declared with the bare `errorBodySchema`. Success replies keep their own
 * schemas; an error reply is serialized by this one, which carries every field the error handler
 * sends (`fields`, `retryAfter`, `requestId`).
 */
export function declareStatuses(route: RouteOptions, statuses: number[]): void {
  // Copies: a schema or response map shared by several routes must not collect the others' statuses.
  const response: Record<string, unknown> = {
    ...(route.schema as { response?: Record<string, unknown> } | undefined)?.response,
  };
  for (const [key, schema] of Object.entries(response))
    if (schema === errorBodySchema) response[key] = errorBodyFor(Number(key));
  for (const status of statuses) response[status] ??= errorBodyFor(status);
  route.schema = { ...route.schema, response };
}
