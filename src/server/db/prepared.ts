import { is, Param, Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/app-error';
import type { Database } from './client';

const dialect = new PgDialect();

/** Past this many shapes a statement's further shapes are compiled on each run rather than kept. */
const SHAPES_KEPT = 256;

/** The statement's parameters must all be filled per run: a value compiled into it would be reused for every caller. */
function assertOnlyPlaceholders(query: Query, shape: string): void {
  const fixed = query.params.findIndex((p) => !is(p, Placeholder) && !(is(p, Param) && is(p.value, Placeholder)));
  if (fixed >= 0)
    throw new AppError(
      'internal',
      `A prepared statement (shape ${shape}) holds a value instead of a placeholder at $${fixed + 1}`,
    );
}

/**
 * A hand-written hot statement, compiled once per shape by Drizzle's dialect and run as Drizzle's
 * prepared query with each call's values (decision 189). `build` writes the statement of a shape (the
 * parts that differ between calls, such as a clause present or not, named by the caller) with
 * `sql.placeholder(name)` for every value, so the compiled text is the same for every caller; a value
 * written straight into it is refused on the first run. The query goes to the given database's or
 * transaction's session, as `db.execute` sends it, so it runs inside the caller's transaction.
 * `parts`: what another module writes into the statement (a receipt's CTEs), read only when a shape is
 * first compiled, so it must be the same text on every call (placeholders only).
 * `prepared.test.ts` proves the result, the transaction and the refusal.
 */
export function prepared<Shape extends string, Parts = void>(build: (shape: Shape, parts: Parts) => SQL) {
  const compiled = new Map<Shape, Query>();
  return async (db: Database, shape: Shape, values: Record<string, unknown>, parts: Parts): Promise<unknown> => {
    let query = compiled.get(shape);
    if (!query) {
      query = dialect.sqlToQuery(build(shape, parts));
      assertOnlyPlaceholders(query, shape);
      if (compiled.size < SHAPES_KEPT) compiled.set(shape, query);
    }
    return db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
  };
}
