import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, FieldIssue } from '../../shared/errors';
import { AppError } from '../lib/app-error';

/** Fastify's own failures that are the client's fault, mapped to stable codes. */
const FASTIFY_CODES: Record<string, Pick<ErrorBody, 'code' | 'message'>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Send the body as application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'Content-Length does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', message: 'The JSON body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: 'The body is not valid JSON' },
  FST_ERR_VALIDATION: { code: 'validation_failed', message: 'The request is not valid' },
  FST_ERR_REP_INVALID_PAYLOAD_TYPE: { code: 'internal', message: 'Internal error' },
};

/**
 * One error handler for the whole API: zod failures → 400 validation_failed with field paths,
 * AppError → its status and code, known client errors → their 4xx, anything else → 500 `internal`
 * with the details in the log only.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const send = (status: number, body: ErrorBody) =>
      reply
        .status(status)
        .type('application/json')
        .send({ ...body, requestId: request.id });

    if (err instanceof AppError) {
      // A broken invariant (decision 143): the client gets what any unexpected failure gets, the log the reason.
      if (err.code === 'internal') {
        request.log.error({ err }, 'unhandled error');
        return send(500, { code: 'internal', message: 'Internal error' });
      }
      // A service the request needs failed (the file store, decision 101): the client gets the stable
      // code and Retry-After, the log the reason.
      if (err.cause) request.log.warn({ err: err.cause, code: err.code }, 'a service the request needs failed');
      if (err.retryAfter) reply.header('retry-after', String(err.retryAfter));
      return send(err.status, {
        code: err.code,
        message: err.message,
        ...(err.fields && { fields: err.fields }),
        ...(err.retryAfter && { retryAfter: err.retryAfter }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldIssue[] = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      return send(400, { code: 'validation_failed', message: 'The request is not valid', fields });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return send(500, { code: 'internal', message: 'Internal error' });
    }
    if (err.statusCode === 429) {
      return send(429, { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' });
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known && known.code !== 'internal') {
      const status = known.code === 'payload_too_large' ? 413 : known.code === 'unsupported_media_type' ? 415 : 400;
      return send(status, known);
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // A client error from a plugin (for example a malformed multipart body): keep the status, hide internals.
      return send(err.statusCode, {
        code: err.statusCode === 404 ? 'not_found' : 'bad_request',
        message: 'The request could not be processed',
      });
    }
    request.log.error({ err }, 'unhandled error');
    return send(500, { code: 'internal', message: 'Internal error' });
  });
}

/**
 * Failures of the router itself, before any route runs (a path that is not valid percent-encoding,
 * a path parameter over the length limit): the same body as every other error.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  void reply
    .status(status)
    .type('application/json')
    .send(
      (status === 414
        ? { code: 'uri_too_long', message: 'The request URL is too long', requestId: request.id }
        : { code: 'bad_request', message: 'The request URL is not valid', requestId: request.id }) satisfies ErrorBody,
    );
}

/**
 * Whether Node's parser overflowed inside the request line: a URL over the header size limit (16 KB)
 * counts against it too, and Node reports both as HPE_HEADER_OVERFLOW. The part it parsed of the
 * packet then starts like a request line (`GET /…`) and has not reached its line break.
 */
function inRequestLine(err: NodeJS.ErrnoException & { rawPacket?: Buffer; bytesParsed?: number }): boolean {
  if (!err.rawPacket) return false;
  const parsed = err.rawPacket.subarray(0, err.bytesParsed ?? err.rawPacket.length).toString('latin1');
  return /^[A-Z]+ \S/.test(parsed) && !parsed.includes('\n');
}

/**
 * Errors Node's HTTP parser meets before Fastify has a request (a URL or headers over the limit, a
 * malformed request line, a timeout) answer like every other error: JSON with a stable code, never
 * HTML or bare.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ErrorBody] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? inRequestLine(err)
        ? [414, { code: 'uri_too_long', message: 'The request URL is too long' }]
        : [431, { code: 'headers_too_large', message: 'The request headers are too large' }]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { code: 'bad_request', message: 'The request took too long to arrive' }]
        : [400, { code: 'bad_request', message: 'The request could not be read' }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}
