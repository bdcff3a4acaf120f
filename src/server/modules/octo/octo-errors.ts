import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { octoErrorSchema } from '../../../shared/schemas/octo';
import { AppError } from '../../lib/app-error';

type OctoErrorBody = { error: string; errorMessage: string } & Partial<Record<string, string>>;

/** The codes that are OCTO's own (decision 201), answered as they are with the id they name. */
const OCTO_CODES = new Set<string>([
  'INVALID_PRODUCT_ID',
  'INVALID_OPTION_ID',
  'INVALID_UNIT_ID',
  'INVALID_AVAILABILITY_ID',
  'INVALID_BOOKING_UUID',
  'INVALID_WEBHOOK_ID',
  'INVALID_WEBHOOK_URL',
  'BAD_REQUEST',
  'UNPROCESSABLE_ENTITY',
]);

const INTERNAL: [number, OctoErrorBody] = [500, { error: 'INTERNAL_SERVER_ERROR', errorMessage: 'Internal error' }];

/**
 * An AppError as OCTO says it: its own codes with their id, 401 as UNAUTHORIZED, a refusal of what was asked
 * (a group too large, a time taken: our 409s and range errors) as UNPROCESSABLE_ENTITY, any other client
 * error as BAD_REQUEST, all HTTP 400; a broken invariant as any unexpected failure.
 */
function fromAppError(err: AppError): [number, OctoErrorBody] {
  if (err.status === 401) return [401, { error: 'UNAUTHORIZED', errorMessage: err.message }];
  if (OCTO_CODES.has(err.code)) {
    const id = err.fields?.[0];
    return [400, { error: err.code, errorMessage: err.message, ...(id && { [id.path]: id.message }) }];
  }
  if (err.status === 429) return [429, { error: 'TOO_MANY_REQUESTS', errorMessage: err.message }];
  if (err.status >= 500) return INTERNAL;
  const refused = err.status === 409 || err.code.endsWith('_out_of_range');
  return [400, { error: refused ? 'UNPROCESSABLE_ENTITY' : 'BAD_REQUEST', errorMessage: err.message }];
}

/** What one failure answers under /api/octo: never a 5xx for a client's mistake. */
export function octoErrorOf(err: FastifyError): [number, OctoErrorBody] {
  if (err instanceof AppError) return fromAppError(err);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const where = err.validation
      .map(
        (v) =>
          `${[err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.')}: ${v.message ?? 'invalid'}`,
      )
      .join('; ');
    return [400, { error: 'BAD_REQUEST', errorMessage: `The request is not valid (${where})` }];
  }
  if (isResponseSerializationError(err)) return INTERNAL;
  if (err.statusCode === 429)
    return [429, { error: 'TOO_MANY_REQUESTS', errorMessage: 'Too many requests for this key. Please wait a moment.' }];
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return [
      400,
      {
        error: 'BAD_REQUEST',
        errorMessage: 'The request could not be read: send a JSON body as the specification describes',
      },
    ];
  return INTERNAL;
}

/** The OCTO routes' error handler, set on their own scope, so every other route keeps the product's shape. */
export function answerOctoError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const [status, body] = octoErrorOf(err);
  if (status >= 500) request.log.error({ err }, 'unhandled error');
  return reply.status(status).type('application/json').send(body);
}

/** Every status an OCTO route can answer with an error, each in OCTO's shape (for the OpenAPI document). */
export const octoErrorReplies = {
  400: octoErrorSchema,
  401: octoErrorSchema,
  404: octoErrorSchema,
  413: octoErrorSchema,
  414: octoErrorSchema,
  415: octoErrorSchema,
  429: octoErrorSchema,
  500: octoErrorSchema,
};
