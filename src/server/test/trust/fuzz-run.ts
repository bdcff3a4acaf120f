import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../../shared/errors';
import { createTestApp, type TestApp } from '../test-app';
import { AUTHZ_TABLE } from './authz-table';
import { createTrustFixtures, send, type Party, type RouteRequest, type TrustFixtures } from './fixtures';
import {
  fillPath,
  HOSTILE_BODIES,
  HOSTILE_PATH_VALUES,
  HOSTILE_VALUES,
  queryString,
  readOperations,
  UndeclaredStatuses,
  validValue,
  type Operation,
} from './operations';

/**
 * The fuzz run (fuzz-1…3.test.ts each take a third of the operations, so CI's two workers share the
 * slowest sweep of the suite instead of one worker carrying it for two minutes): every operation of the app's own
 * OpenAPI document gets malformed variants of each path parameter, query parameter and body field, and malformed whole
 * bodies, with and without a valid token. Nothing here names a route: a route added tomorrow is attacked the day it
 * lands.
 *
 * Asserted for every response: no 5xx; every 4xx is JSON with a stable `code` from shared/errors.ts;
 * no response shows a stack trace, SQL, a password hash or a file path of the server; its status is
 * one the operation's OpenAPI entry declares (a client generated from the document must
 * know every status it can get).
 */
let t: TestApp;
let f: TrustFixtures;

const LEAKS: [RegExp, string][] = [
  [/\bat [\w.<>]+ \(|\bat (file:\/\/|\/|node:)[^\s]+:\d+:\d+/, 'a stack trace'],
  [/node_modules|\/src\/server\/|\.ts:\d+/, 'a server file path'],
  [/\b(select|insert into|update|delete from)\b[\s\S]{0,200}\b(from|values|set|where)\b/i, 'SQL'],
  [
    /Failed query|syntax error at or near|violates (unique|foreign key|check) constraint|duplicate key value/i,
    'a database error',
  ],
  [/scrypt\$|\$2[aby]\$\d\d\$|\$argon2/, 'a password hash'],
  [/passwordHash|password_hash/i, 'a password field'],
];

interface Attempt {
  label: string;
  url: string;
  /** Sent with the baseline party's current token (otherwise anonymously). */
  withToken: boolean;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
}

/** The request each variant starts from: the authorization table's own request, or one built from the schema. */
async function baseline(op: Operation): Promise<{ req: RouteRequest; party?: Party }> {
  const entry = AUTHZ_TABLE[op.key];
  if (entry) {
    const req = await entry.setup(f);
    const party =
      entry.rule === 'admin'
        ? f.admin
        : entry.rule === 'owner'
          ? (entry.as?.(f) ?? f.owner)
          : op.declaresSecurity
            ? f.owner
            : undefined;
    return { req, party };
  }
  const params = Object.fromEntries(
    Object.entries(op.pathParams).map(([name, s]) => [name, String(validValue(s, name))]),
  );
  const query = Object.fromEntries(
    Object.entries(op.query)
      .filter(([, s]) => s.isRequired)
      .map(([name, s]) => [name, validValue(s, name)]),
  );
  // Admin routes are attacked as an admin, so the fuzz reaches past the guard.
  const party = op.path.startsWith('/api/admin/') ? f.admin : op.declaresSecurity ? f.owner : undefined;
  return { req: { params, query }, party };
}

function* variants(op: Operation, req: RouteRequest, hasParty: boolean): Generator<Attempt> {
  const url = (params = req.params, query = req.query ?? {}) => fillPath(op.path, params) + queryString(query);
  const body = op.body ? ((req.body ?? validValue(op.body)) as Record<string, unknown>) : undefined;
  const tokens = hasParty ? [true, false] : [false];

  for (const name of Object.keys(op.pathParams)) {
    for (const value of HOSTILE_PATH_VALUES) {
      for (const tk of tokens)
        yield {
          label: `path ${name}=${JSON.stringify(value).slice(0, 40)}`,
          url: url({ ...req.params, [name]: value }),
          withToken: tk,
          body,
        };
    }
  }
  for (const name of [...Object.keys(op.query), 'unexpected']) {
    for (const value of HOSTILE_VALUES) {
      yield {
        label: `query ${name}=${JSON.stringify(value)?.slice(0, 40)}`,
        url: url(req.params, { ...req.query, [name]: value }),
        withToken: hasParty,
        body,
      };
    }
    // A parameter given many times (arrays where one value is expected).
    yield {
      label: `query ${name} repeated`,
      url: url(req.params, { ...req.query, [name]: Array.from({ length: 60 }, (_, i) => String(i)) }),
      withToken: hasParty,
      body,
    };
  }
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const name of [...Object.keys(op.body?.properties ?? {}), 'unexpectedField']) {
      for (const value of HOSTILE_VALUES) {
        yield {
          label: `body ${name}=${JSON.stringify(value)?.slice(0, 40)}`,
          url: url(),
          withToken: hasParty,
          body: { ...body, [name]: value },
        };
      }
    }
  }
  if (op.body || op.multipart || op.method !== 'GET') {
    for (const [contentType, rawBody, label] of HOSTILE_BODIES) {
      for (const tk of tokens) yield { label: `body: ${label}`, url: url(), withToken: tk, rawBody, contentType };
    }
  }
}

function problems(
  op: Operation,
  attempt: Attempt,
  status: number,
  contentType: string | undefined,
  text: string,
): string[] {
  const found: string[] = [];
  const where = `${op.key} [${attempt.label}${attempt.withToken ? '' : ', no token'}] → ${status}`;
  if (status >= 500) found.push(`${where}: server error ${text.slice(0, 200)}`);
  if (status >= 400) {
    let code: unknown;
    let octoError = false;
    try {
      const parsed = JSON.parse(text) as { code?: unknown; error?: unknown; errorMessage?: unknown };
      code = parsed.code;
      // Under /api/octo the body is OCTO's own `{ error, errorMessage }`, an upper-case code (decision 201).
      octoError =
        op.path.startsWith('/api/octo/') &&
        typeof parsed.error === 'string' &&
        /^[A-Z_]+$/.test(parsed.error) &&
        typeof parsed.errorMessage === 'string';
    } catch {
      /* not JSON */
    }
    if (!octoError && (typeof code !== 'string' || !(code in ERROR_STATUS)))
      found.push(`${where}: no stable error code (${contentType}) ${text.slice(0, 120)}`);
  }
  for (const [pattern, what] of LEAKS)
    if (pattern.test(text)) found.push(`${where}: shows ${what}: ${text.slice(0, 200)}`);
  return found;
}

/**
 * The `shard`-th of `count` parts of the operations, in the document's order. Operations on one
 * resource stay together (the first three path segments: /api/admin/users): the fuzz's hostile ids
 * reach real rows, and one operation undoes what another did (a suspend's "1" is reinstated by the
 * reinstate after it), as in one whole run. Resources go to the part with the fewest operations so far.
 */
function shardOf(all: Operation[], shard: number, count: number): Operation[] {
  const groups = new Map<string, Operation[]>();
  for (const op of all) {
    const key = op.path.split('/').slice(0, 4).join('/');
    groups.set(key, [...(groups.get(key) ?? []), op]);
  }
  const parts: Operation[][] = Array.from({ length: count }, () => []);
  for (const group of [...groups.values()].sort((a, b) => b.length - a.length)) {
    parts.reduce((least, part) => (part.length < least.length ? part : least)).push(...group);
  }
  const mine = new Set(parts[shard - 1]);
  return all.filter((op) => mine.has(op));
}

/** Fuzzes the `shard`-th (1-based) of `count` parts of the operations, in an app of its own. */
export function fuzzShard(shard: number, count: number): void {
  beforeAll(async () => {
    t = await createTestApp();
    f = await createTrustFixtures(t);
  });
  afterAll(() => t?.close());

  describe(`fuzz: every operation of the OpenAPI document (part ${shard} of ${count})`, () => {
    it(
      'answers malformed input with a declared 4xx and a stable code, never a 5xx or an internal detail',
      { timeout: 600_000 },
      async () => {
        const all = readOperations(t.app).filter(
          (op) => op.path.startsWith('/api/') && !op.path.startsWith('/api/docs'),
        );
        // Every shard reads the same document, so together they cover each operation exactly once.
        expect(all.length).toBeGreaterThan(100);
        const ops = shardOf(all, shard, count);
        const failures: string[] = [];
        const undeclared = new UndeclaredStatuses();
        let requests = 0;
        const started = Date.now();
        const slow: string[] = [];
        let previous = 'none';
        for (const op of ops) {
          const opStarted = Date.now();
          const { req, party } = await baseline(op).catch((e: Error) => {
            throw new Error(`${op.key}: ${e.message} (after ${previous})`);
          });
          previous = op.key;
          let token = await party?.token();
          for (const attempt of variants(op, req, Boolean(party))) {
            const res = await send(t, {
              method: op.method,
              url: attempt.url,
              token: attempt.withToken ? token : undefined,
              body: attempt.body,
              rawBody: attempt.rawBody,
              contentType: attempt.contentType,
            });
            requests++;
            failures.push(
              ...problems(op, attempt, res.statusCode, res.headers['content-type'] as string | undefined, res.body),
            );
            undeclared.check(
              op,
              res.statusCode,
              `${attempt.label}${attempt.withToken ? '' : ', no token'}: ${res.body.slice(0, 80)}`,
            );
            // A write that succeeded may have ended the session (logout, password change): use a fresh one.
            if (party && attempt.withToken && op.method !== 'GET' && res.statusCode < 300) token = await party.token();
            if (failures.length > 50) break;
          }
          if (Date.now() - opStarted > 2000) slow.push(`${op.key} ${((Date.now() - opStarted) / 1000).toFixed(1)} s`);
        }
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        console.log(
          `fuzz ${shard}/${count}: ${requests} requests over ${ops.length} of ${all.length} operations in ${seconds} s, ${failures.length} problems, ` +
            `${undeclared.size} undeclared statuses (${undeclared.operations} operations)${slow.length ? `; slowest: ${slow.join(', ')}` : ''}`,
        );
        expect(failures).toEqual([]);
        expect(
          undeclared.size,
          `statuses these operations answer but their OpenAPI entry does not declare:\n${undeclared.list().join('\n')}`,
        ).toBe(0);
        expect(requests).toBeGreaterThan(ops.length * 20);
      },
    );
  });
}
