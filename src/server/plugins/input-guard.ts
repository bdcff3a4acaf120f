import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldIssue } from '../../shared/errors';
import { AppError } from '../lib/app-error';

/**
 * Text that no column can hold is refused before any route sees it: a NUL character (PostgreSQL
 * text cannot store U+0000, the query fails) and lone UTF-16 surrogates (not Unicode; they would be
 * stored as U+FFFD, silently changing what the user sent). One hook covers the query string, the
 * path and every JSON body, so a route added tomorrow is covered without writing anything.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const MAX_DEPTH = 32;

/** Field paths (`body.fullName`, `query.city`) of the strings that cannot be stored, first 20. */
export function findUnstorableText(value: unknown, path: string, found: string[] = [], depth = 0): string[] {
  if (found.length >= 20) return found;
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) found.push(path);
  } else if (Array.isArray(value)) {
    if (depth < MAX_DEPTH) value.forEach((v, i) => findUnstorableText(v, `${path}.${i}`, found, depth + 1));
  } else if (value && typeof value === 'object') {
    if (depth < MAX_DEPTH) {
      for (const [k, v] of Object.entries(value)) {
        if (UNSTORABLE.test(k)) found.push(`${path}.${k.replace(UNSTORABLE, '?')}`);
        findUnstorableText(v, `${path}.${k}`, found, depth + 1);
      }
    }
  }
  return found;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const paths = [
      ...findUnstorableText(request.params, 'params'),
      ...findUnstorableText(request.query, 'query'),
      ...findUnstorableText(request.body, 'body'),
    ];
    if (paths.length === 0) return;
    const fields: FieldIssue[] = paths.map((path) => ({ path, message: 'Contains a character that is not allowed' }));
    throw new AppError('validation_failed', 'The request contains characters that are not allowed', fields);
  });
}
