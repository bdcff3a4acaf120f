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
 * The error statuses a route can answer because of its shape, whatever its handler does (issue 23,
 * decision 084). A route declares the others (409, 402, 403 …) itself, next to the service call
 * that throws them.
 * - 400: the input guard reads every route's path, query string and body, and schemas refuse bad input
 * - 401: it reads a bearer token
 * - 404: a resource id in its path (missing, or not yours: DESIGN §2), or the admin area
 * - 413, 415: it takes a body (over the limit; not JSON, or not multipart for an upload)
 * - 414: a path parameter over the router's length limit (`maxParamLength`), answered before the route runs
 * - 429: it is rate-limited (`config.rateLimit`)
 * - 500: anything can fail
 */
export function shapeStatuses(route: Pick<RouteOptions, 'method' | 'url' | 'config'>, guards: RouteGuards): number[] {
  const statuses = [400, 500];
  const hasPathParams = /[:*]/.test(route.url);
  const takesBody = [route.method].flat().some((m) => !BODYLESS.has(m.toUpperCase()));
  if (guards.readsToken) statuses.push(401);
  if (hasPathParams || guards.adminOnly) statuses.push(404);
  if (hasPathParams) statuses.push(414);
  if (takesBody) statuses.push(413, 415);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429);
  return statuses.sort((a, b) => a - b);
}

/**
 * Adds `errorBodySchema` to the route's `response` for each status it does not declare yet. Success
 * replies keep their own schemas; an error reply is serialized by this one, which carries every
 * field the error handler sends (`fields`, `retryAfter`, `requestId`).
 */
export function declareStatuses(route: RouteOptions, statuses: number[]): void {
  route.schema ??= {};
  const response = ((route.schema as { response?: Record<string, unknown> }).response ??= {});
  for (const status of statuses) response[status] ??= errorBodySchema;
}
