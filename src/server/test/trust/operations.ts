import type { AppInstance } from '../../lib/types';

/** The part of JSON Schema the generated OpenAPI document uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

export interface Operation {
  /** `GET /api/v2/guides/{id}`: the key of the authorization table. */
  key: string;
  method: string;
  /** The OpenAPI path, with `{name}` for each path parameter. */
  path: string;
  pathParams: Record<string, JsonSchema>;
  query: Record<string, JsonSchema & { isRequired?: boolean }>;
  body?: JsonSchema;
  /** Takes multipart/form-data (an upload) rather than JSON. */
  multipart: boolean;
  /** A bearer token is required (the document declares bearerAuth without an anonymous option). */
  requiresAuth: boolean;
  /** Declares any security at all. */
  declaresSecurity: boolean;
  /** The keys of its `responses`: status codes (`200`, `404`), perhaps ranges (`4XX`) or `default`. */
  responses: Set<string>;
}

type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  consumes?: string[];
  security?: Record<string, unknown>[];
  responses?: Record<string, unknown>;
};

/** Every operation of the app's own OpenAPI document: what the suite attacks. */
export function readOperations(app: AppInstance): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const pathParams: Operation['pathParams'] = {};
      const query: Operation['query'] = {};
      for (const p of op.parameters ?? []) {
        if (p.in === 'path') pathParams[p.name] = p.schema;
        if (p.in === 'query') query[p.name] = { ...p.schema, isRequired: p.required };
      }
      const content = op.requestBody?.content ?? {};
      const security = op.security ?? [];
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams,
        query,
        body: content['application/json']?.schema,
        multipart: Boolean(content['multipart/form-data']) || (op.consumes ?? []).includes('multipart/form-data'),
        requiresAuth: security.length > 0 && security.every((s) => 'bearerAuth' in s),
        declaresSecurity: security.length > 0,
        responses: new Set(Object.keys(op.responses ?? {})),
      });
    }
  }
  return ops;
}

/** Whether the document says the operation can answer this status (exactly, by range, or `default`). */
export function declaresStatus(op: Operation, status: number): boolean {
  return op.responses.has(String(status)) || op.responses.has(`${String(status)[0]}XX`) || op.responses.has('default');
}

/**
 * The statuses seen that an operation's OpenAPI entry does not declare: a client generated
 * from the document has no branch for them. One line per operation and status, with the first example.
 */
export class UndeclaredStatuses {
  private readonly seen = new Map<string, string>();
  /** Records the status if `op` does not declare it. */
  check(op: Operation, status: number, example: string): void {
    const key = `${op.key} → ${status}`;
    if (!declaresStatus(op, status) && !this.seen.has(key)) this.seen.set(key, example);
  }
  get size(): number {
    return this.seen.size;
  }
  get operations(): number {
    return new Set([...this.seen.keys()].map((k) => k.split(' → ')[0])).size;
  }
  /** Every offender, for one failure message. */
  list(): string[] {
    return [...this.seen].map(([key, example]) => `${key} (e.g. ${example})`);
  }
}

/**
 * Percent-encodes like encodeURIComponent, except that a lone surrogate (which it refuses) is sent
 * as the bytes a careless client would produce (ED A0 80), so the server meets it too.
 */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Array.from(value, (c) => (/[\uD800-\uDFFF]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}

/** Fills `{name}` segments with URL-encoded values. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encode(String(params[name] ?? '1')));
}

export function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v])
      pairs.push(`${encode(k)}=${encode(typeof item === 'object' ? JSON.stringify(item) : String(item))}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const CANDIDATE_STRINGS = [
  'fuzzer1',
  'abc',
  'fuzz@example.com',
  '2026-12-05',
  '10:00',
  'tokyo',
  'Fuzz text',
  '1234567',
  '1',
];

/** A value the schema accepts (best effort: enough to get past validation into the handler). */
export function validValue(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return validValue(alt.find((s) => s.type !== 'null') ?? alt[0], name);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => validValue(s, name)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum ? 1 : 0) : 1;
      return Math.max(min, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return false;
    case 'array':
      return (schema.minItems ?? 0) > 0 ? [validValue(schema.items, name)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(k)) out[k] = validValue(s, k);
      }
      return out;
    }
    case 'string':
    default: {
      if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.com';
      if (schema.format === 'date' || /date/i.test(name)) return '2026-12-05';
      const re = schema.pattern ? new RegExp(schema.pattern) : undefined;
      const min = schema.minLength ?? 0;
      const fits = (s: string) => (!re || re.test(s)) && s.length >= min && s.length <= (schema.maxLength ?? Infinity);
      return CANDIDATE_STRINGS.find(fits) ?? 'a'.repeat(Math.max(1, min));
    }
  }
}

/** Malformed values for one field, whatever its declared type: each must be refused or handled, never a 5xx. */
export const HOSTILE_VALUES: unknown[] = [
  // wrong types
  null,
  true,
  12345,
  -1,
  0,
  1.5,
  -0.000001,
  2 ** 31,
  2 ** 53 + 1,
  1e308,
  -1e308,
  [],
  [1, 'two', null],
  {},
  { nested: { deeper: [1] } },
  // strings a database or a renderer chokes on
  '',
  ' ',
  'x'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b[31m\u007f',
  '\ud800',
  'x\udfffy',
  '😀'.repeat(5000),
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '９９９',
  '-1',
  '0',
  '99999999999999999999999999',
  '1e400',
  'NaN',
  'null',
  '2026-02-30',
  '9999-12-31T25:61:61Z',
  // Real dates at the ends of the calendar: a day after 9999-12-31 has no four-digit year and there
  // is no year 0 in PostgreSQL, so each must be refused by its schema, never reach the database.
  '9999-12-29',
  '9999-12-31',
  '0000-01-01',
  '0001-01-01',
];

/** Hostile path segments (sent URL-encoded, as a client would). */
export const HOSTILE_PATH_VALUES = [
  '0',
  '-1',
  '1.5',
  '99999999999999999999',
  '2147483648',
  'abc',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '1\u0000',
  '\ud800',
  'x'.repeat(5000),
  "1' OR '1'='1",
  '1e3',
  ' 1',
];

/** Whole-body attacks for operations that take a body: [content-type, raw payload, label]. */
export const HOSTILE_BODIES: [string | undefined, string, string][] = [
  ['application/json', '{"unterminated": ', 'invalid JSON'],
  ['application/json', '', 'empty JSON body'],
  ['application/json', 'null', 'JSON null'],
  ['application/json', '"a string"', 'JSON string'],
  ['application/json', '[1,2,3]', 'array for an object'],
  ['application/json', '12345', 'number for an object'],
  [
    'application/json',
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
    'prototype pollution',
  ],
  ['application/json', '['.repeat(5000) + ']'.repeat(5000), 'deep nesting'],
  ['application/json', JSON.stringify({ blob: 'x'.repeat(1_200_000) }), 'body over the limit'],
  ['text/plain', 'hello', 'text/plain'],
  ['application/x-www-form-urlencoded', 'a=1&b=2', 'form-urlencoded'],
  ['multipart/form-data', '--x\r\n', 'multipart without a boundary'],
  [
    'multipart/form-data; boundary=zzz',
    '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    'multipart cut short',
  ],
  ['application/xml', '<a/>', 'XML'],
  [undefined, 'raw bytes without a type', 'no content-type'],
];
