import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config';
import { loggableError, redactSecretPaths, type LoggableError } from '../lib/loggable-error';

/**
 * Logging for people and for log shippers.
 *
 * - One line per API request, written when the response is finished: method, path (query values
 *   only for parameters known to hold no personal data, never under /api/auth/), status, duration
 *   and request id. Static files, the SPA's HTML, /uploads, /healthz and /readyz log at `debug`
 *   (hidden at the default `info`); any 5xx logs at `warn` whatever the path.
 * - Development and test: one human-readable line per entry ("12:04:05.120 INFO  GET /api/me 200
 *   3.1 ms  [request id]"), errors followed by their stack. Production: pino's standard JSON, one
 *   object per line.
 * - Request bodies and headers are never logged; the authorization and cookie headers are
 *   redacted should a `req` ever be logged. A path that is a secret (the calendar feed's) is
 *   logged without it, in the request line and in error messages.
 */

/** Anything pino can write lines to (a stream, or an object with `write`). */
export interface LogDestination {
  write(line: string): void;
}

type LogSettings = Pick<Config, 'logLevel' | 'isProduction'>;

/** The message of the one line per request; the human format recognises it. */
export const REQUEST_LINE = 'request completed';

/**
 * Query parameters whose values are safe to print (search filters, paging). Every other
 * parameter is printed as `name=…`, so an e-mail address, a username or a token never reaches the log.
 */
const PLAIN_QUERY_KEYS = new Set([
  'city',
  'language',
  'services',
  'date',
  'travelers',
  'minPrice',
  'maxPrice',
  'sort',
  'page',
  'limit',
  'after',
  'status',
]);

/** The request's path and query as logged: see PLAIN_QUERY_KEYS; a secret path is redacted (redactSecretPaths). */
export function loggedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactSecretPaths(url);
  const path = redactSecretPaths(url.slice(0, q));
  const query = url.slice(q + 1);
  if (!query) return path;
  const secret = path.startsWith('/api/auth/');
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    let name = key;
    try {
      name = decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      // a malformed escape: keep the raw key
    }
    return !secret && PLAIN_QUERY_KEYS.has(name) ? pair : `${key}=…`;
  });
  return `${path}?${parts.join('&')}`;
}

/** API requests are worth a line at `info`; everything else (files, the SPA, probes, API docs) is `debug`. */
function isApiRequest(path: string): boolean {
  return path.startsWith('/api/') && !path.startsWith('/api/docs');
}

/**
 * Fastify's per-request logging, replaced: nothing when a request arrives, one line when its
 * response is finished (instead of pino's two JSON lines per request, assets included).
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const url = request.url;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const statusCode = reply.statusCode;
    const level = error || statusCode >= 500 ? 'warn' : isApiRequest(path) ? 'info' : 'debug';
    const line = {
      method: request.method,
      url: loggedUrl(url),
      statusCode,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
      ...(error && { err: error }),
    };
    request.log[level](line, REQUEST_LINE);
  }

  /** A client that goes away mid-download (a closed tab) is routine: `debug`, not `info`. */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.log.debug(
        { method: request.method, url: loggedUrl(request.url) },
        'client closed the connection before the response ended',
      );
      return;
    }
    super.streamError(error, request, reply);
  }
}

/** pino's options for the given settings and destination (stdout when absent). */
export function loggerOptions(
  settings: LogSettings,
  destination?: LogDestination,
): LoggerOptions & { stream?: LogDestination } {
  const stream = settings.isProduction
    ? destination
    : humanReadable(destination ?? process.stdout, { color: !destination && useColor() });
  return {
    level: settings.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    // Every logged error goes through this: no value of a failed query ever reaches the log.
    serializers: { err: (err: unknown) => (err instanceof Error ? loggableError(err) : err) },
    ...(stream && { stream }),
  };
}

/** Fastify's logger settings: the options above plus the one-line-per-request controller. */
export function fastifyLogging(
  settings: LogSettings,
  destination?: LogDestination,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return { logger: loggerOptions(settings, destination), logController: new RequestLogController() };
}

/** A logger outside Fastify (start-up steps in server.ts), formatted like the app's. */
export function createLogger(settings: LogSettings, destination?: LogDestination): Logger {
  const { stream, ...options } = loggerOptions(settings, destination);
  return stream ? pino(options, stream) : pino(options);
}

function useColor(): boolean {
  if (process.env.NO_COLOR) return false;
  if (process.env.FORCE_COLOR && process.env.FORCE_COLOR !== '0') return true;
  return process.stdout.isTTY === true;
}

const LEVELS: Record<number, { label: string; color: string }> = {
  10: { label: 'TRACE', color: '90' },
  20: { label: 'DEBUG', color: '90' },
  30: { label: 'INFO ', color: '32' },
  40: { label: 'WARN ', color: '33' },
  50: { label: 'ERROR', color: '31' },
  60: { label: 'FATAL', color: '41;97' },
};
const HIDDEN_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err']);
const REQUEST_KEYS = new Set(['method', 'url', 'statusCode', 'responseTime']);

/**
 * A destination that turns pino's JSON lines into short human-readable ones and writes them to
 * `out`. Lines that are not pino JSON pass through unchanged.
 */
export function humanReadable(out: LogDestination, opts: { color?: boolean } = {}): LogDestination {
  const paint = opts.color ? (code: string, s: string) => `\x1b[${code}m${s}\x1b[0m` : (_code: string, s: string) => s;
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      out.write(formatEntry(entry, paint) + '\n');
    },
  };
}

function formatEntry(entry: Record<string, unknown>, paint: (code: string, s: string) => string): string {
  const level = LEVELS[Number(entry.level)] ?? { label: String(entry.level).padEnd(5), color: '0' };
  const time = typeof entry.time === 'number' ? clock(new Date(entry.time)) : '';
  const isRequest = entry.msg === REQUEST_LINE && typeof entry.method === 'string';
  let text: string;
  let more = ''; // the lines of a multi-line message after its first (an e-mail's text), indented
  if (isRequest) {
    const status = Number(entry.statusCode);
    const statusColor = status >= 500 ? '31' : status >= 400 ? '33' : status >= 300 ? '36' : '32';
    text = `${String(entry.method)} ${String(entry.url)} ${paint(statusColor, String(status))} ${duration(Number(entry.responseTime))}`;
  } else {
    const [first = '', ...rest] = String(entry.msg ?? '').split('\n');
    text = first;
    if (rest.length) more = indent(rest.join('\n'));
  }
  const fields = Object.entries(entry)
    .filter(([key]) => !HIDDEN_KEYS.has(key) && !(isRequest && REQUEST_KEYS.has(key)))
    .map(([key, value]) => `${key}=${fieldValue(value)}`);
  let result = `${paint('90', time)} ${paint(level.color, level.label)} ${text}`;
  if (fields.length) result += `  ${paint('90', fields.join(' '))}`;
  if (typeof entry.reqId === 'string') result += `  ${paint('90', `[${entry.reqId}]`)}`;
  result += more;
  const err = entry.err as LoggableError | string | undefined;
  if (typeof err === 'string') result += indent(err);
  else if (err && typeof err === 'object') result += indent(describeError(err));
  return result;
}

/** `Type: message [code]`, the SQL text of a failed query, the stack frames, then each cause the same way. */
function describeError(err: LoggableError): string {
  const code = err.db?.code ?? err.code;
  const lines = [
    `${err.type ?? 'Error'}: ${err.message ?? ''}${code ? ` [${code}${err.db?.constraint ? ` ${err.db.constraint}` : ''}]` : ''}`,
  ];
  if (err.query) lines.push(`query: ${err.query}`);
  if (err.stack) lines.push(err.stack);
  if (err.cause) lines.push(`caused by: ${describeError(err.cause)}`);
  return lines.join('\n');
}

/** Continuation lines under an entry, four spaces in (empty lines stay empty). */
function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.trim() ? `\n    ${line}` : '\n'))
    .join('');
}

function clock(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

function duration(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}
