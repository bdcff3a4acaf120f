import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A row of `table` from hand-written SQL (`db.execute`: a `RETURNING *`, or `row_to_json(t)`), keyed
 * by column name, mapped as Drizzle maps its own results (timestamps to Dates, …). For the hot paths
 * whose several writes are one statement; the rest of the code reads through Drizzle.
 */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

/** The rows of a `db.execute` result (both drivers put them in `rows`). */
export const rowsOf = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;
