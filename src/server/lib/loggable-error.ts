/**
 * What of an error may reach the log. Database errors carry the failed query's parameters (Drizzle's
 * "Failed query: … params: …" message, PGlite's `params`, PostgreSQL's `detail`: "Key (email)=(…)"),
 * and those can be passwords, hashes, e-mail addresses or tokens. No value of a query is ever logged:
 * this keeps the error's type, codes, the SQL text (placeholders only) and the stack frames, and
 * drops everything that can hold a value.
 */
export interface LoggableError {
  type: string;
  message: string;
  code?: string;
  /** PostgreSQL's diagnostics that name schema objects, never values. */
  db?: { code?: string; severity?: string; table?: string; column?: string; constraint?: string; routine?: string };
  query?: string;
  stack?: string;
  cause?: LoggableError;
}

const DRIZZLE_FAILED_QUERY = /^Failed query: ([\s\S]*?)\nparams: [\s\S]*$/;
/** Words after which PostgreSQL quotes an identifier, not a value (`relation "users"`, `constraint "…"`). */
const IDENTIFIER_BEFORE_QUOTE =
  /(relation|column|constraint|table|type|function|index|schema|database|encoding|role|sequence|extension|operator|trigger|view)\s*$/i;

/** Replaces every double-quoted part of a message that is not an identifier by "…". */
export function redactQuotedValues(message: string): string {
  return message.replace(/"[^"]*"/g, (quoted, offset: number) =>
    IDENTIFIER_BEFORE_QUOTE.test(message.slice(0, offset)) ? quoted : '"…"',
  );
}

/**
 * Text from outside (a browser's crash report) with every token-shaped string replaced by "[token]":
 * a JWT, a `token=`/`key=`/`secret=`/`signature=` parameter's value, and any run of 32 or more
 * base64url or hex characters, the shape of session tokens, reset links and signed URLs.
 */
export function redactTokens(text: string): string {
  return text
    .replace(/eyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[token]')
    .replace(/((?:token|key|secret|signature|sig|password|code)=)[^&\s#"']+/gi, '$1[token]')
    .replace(/[A-Za-z0-9_-]{32,}/g, '[token]');
}

/**
 * URLs whose path is itself a secret, with the secret replaced: the calendar feed
 * (/api/ical/<token>.ics) is readable by whoever has its address (decision 098). Applied to every
 * logged request URL and error message.
 */
export function redactSecretPaths(text: string): string {
  return text.replace(/\/api\/ical\/[^/?#\s"'`]+/g, '/api/ical/[secret]');
}

/** The frames of a stack without its first line, which repeats the (unsafe) message. */
function framesOnly(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length ? frames.join('\n') : undefined;
}

const isDatabaseError = (e: Record<string, unknown>) =>
  typeof e.code === 'string' &&
  /^[0-9A-Z]{5}$/.test(e.code) &&
  ('severity' in e || 'routine' in e || 'detail' in e || 'params' in e);

export function loggableError(err: unknown, depth = 0): LoggableError {
  if (!(err instanceof Error) && (typeof err !== 'object' || err === null))
    return { type: typeof err, message: 'non-error value thrown' };
  const e = err as Error & Record<string, unknown>;
  // Minified drivers name their classes `O` or `pe`: the error's own name says more then.
  const ctor = e.constructor?.name;
  const type = ctor && ctor.length > 2 && ctor !== 'Object' ? ctor : String(e.name || 'Error');
  const raw = typeof e.message === 'string' ? e.message : '';
  const out: LoggableError = { type, message: redactSecretPaths(raw) };

  const drizzle = DRIZZLE_FAILED_QUERY.exec(raw);
  if (drizzle) {
    out.message = 'Failed query';
    out.query = drizzle[1];
  } else if (typeof e.query === 'string') {
    out.query = e.query; // PGlite puts the SQL text (placeholders only) and its params on the error
  }
  if (isDatabaseError(e)) {
    out.message = redactQuotedValues(raw);
    out.db = {
      code: e.code as string,
      severity: str(e.severity),
      table: str(e.table),
      column: str(e.column),
      constraint: str(e.constraint),
      routine: str(e.routine),
    };
  } else if (typeof e.code === 'string') {
    out.code = e.code;
  }
  out.stack = framesOnly(e.stack);
  if (e.cause !== undefined && depth < 3) out.cause = loggableError(e.cause, depth + 1);
  return out;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
