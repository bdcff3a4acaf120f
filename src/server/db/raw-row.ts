import { getTableColumns, type Column, type Table } from 'drizzle-orm';

const tableColumns = new WeakMap<Table, [string, Column][]>();

/** A table's columns by property, listed once per table: `rowOf` runs for every row of the hot paths. */
function columnsOf(table: Table): [string, Column][] {
  let columns = tableColumns.get(table);
  if (!columns) tableColumns.set(table, (columns = Object.entries(getTableColumns(table))));
  return columns;
}

/**
 * A row of `table` from hand-written SQL (`db.execute`: a `RETURNING *`, or `row_to_json(t)`), keyed
 * by column name, mapped as Drizzle maps its own results (timestamps to Dates, …). For the hot paths
 * whose several writes are one statement; the rest of the code reads through Drizzle.
 */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

/**
 * `json_build_object('key', alias.column, …)` for some of a table's columns, read from `alias`, keyed
 * by property: a hand-written statement's nested part, which `fieldsOf` maps back. Build it once (a
 * module constant): it is text, not parameters.
 */
export function jsonOfColumns(alias: string, columns: Record<string, Column>): string {
  return `json_build_object(${Object.entries(columns)
    .map(([key, column]) => `'${key}', ${alias}."${column.name}"`)
    .join(', ')})`;
}

/** The part `jsonOfColumns` built, mapped as Drizzle maps those columns (timestamps to Dates, …). */
export function fieldsOf(columns: Record<string, Column>, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[key];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out;
}

/** A PostgreSQL int[] literal for `= any(…::int[])`: one parameter however many ids, so one statement text. */
export const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** The rows of a `db.execute` result (both drivers put them in `rows`). */
export const rowsOf = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;
