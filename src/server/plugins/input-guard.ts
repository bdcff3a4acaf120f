import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldIssue } from '../../shared/errors';
import { AppError } from '../lib/app-error';

/**
 * Text that no column can hold, or that would show something else than it says, is refused before
 * any route sees it: a NUL character (PostgreSQL text cannot store U+0000, the query fails), lone
 * UTF-16 surrogates (not Unicode; they would be stored as U+FFFD), the other C0 and C1 control
 * characters but tab and line breaks, and the bidi overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) that make `abc\u202Egnp.exe` read as "abcexe.png". One hook covers the query
 * string, the path and every JSON body, so a route added tomorrow is covered without writing
 * anything; multipart text fields pass through `assertAllowedText`.
 */
/* eslint-disable no-control-regex -- these are the control characters it refuses */
const NOT_ALLOWED =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/* eslint-enable no-control-regex */

const MAX_DEPTH = 32;
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** Field paths (`body.fullName`, `query.city`) of the strings that cannot be stored, first 20. */
export function findUnstorableText(value: unknown, path: string, found: string[] = [], depth = 0): string[] {
  if (found.length >= 20) return found;
  if (typeof value === 'string') {
    if (NOT_ALLOWED.test(value)) found.push(path);
  } else if (Array.isArray(value)) {
    if (depth < MAX_DEPTH) value.forEach((v, i) => findUnstorableText(v, join(path, i), found, depth + 1));
  } else if (value && typeof value === 'object') {
    if (depth < MAX_DEPTH) {
      for (const [k, v] of Object.entries(value)) {
        if (NOT_ALLOWED.test(k)) found.push(join(path, k.replace(NOT_ALLOWED, '?')));
        findUnstorableText(v, join(path, k), found, depth + 1);
      }
    }
  }
  return found;
}

/** 400 validation_failed naming every field (`body.description`) whose text is not allowed. */
export function assertAllowedText(value: unknown, path: string): void {
  const paths = findUnstorableText(value, path);
  if (paths.length === 0) return;
  const fields: FieldIssue[] = paths.map((p) => ({ path: p, message: 'Contains a character that is not allowed' }));
  throw new AppError('validation_failed', 'The request contains characters that are not allowed', fields);
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    assertAllowedText({ params: request.params, query: request.query, body: request.body }, '');
  });
}
