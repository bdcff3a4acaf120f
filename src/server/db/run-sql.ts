import { Column, is, Param, Placeholder, SQL, StringChunk, Table, type Query } from 'drizzle-orm';
import type { Database } from './client';

// Drizzle's own keys for a table's name and schema (`Table.Symbol`, not in its public types).
const { Name: NAME, Schema: SCHEMA } = (Table as unknown as { Symbol: { Name: symbol; Schema: symbol } }).Symbol;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A chunk this compiler leaves to Drizzle's dialect (then the whole statement is). */
class Unsupported extends Error {}

function walk(query: SQL, out: Query): void {
  if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw new Unsupported();
  chunks(query.queryChunks as unknown[], out);
}

function chunks(list: unknown[], out: Query): void {
  for (const chunk of list) {
    if (chunk instanceof StringChunk) out.sql += chunk.value.join('');
    else if (chunk instanceof Param) {
      if (chunk.value === null) out.params.push(null);
      else {
        if (is(chunk.value, Placeholder)) throw new Unsupported();
        const mapped: unknown = chunk.encoder.mapToDriverValue(chunk.value);
        if (mapped instanceof SQL) {
          walk(mapped, out);
          continue;
        }
        out.params.push(mapped);
      }
      out.sql += `$${out.params.length}`;
    } else if (chunk instanceof SQL) walk(chunk, out);
    else if (chunk instanceof Column) {
      const table = chunk.table as unknown as Record<symbol, string | undefined>;
      if (chunk.keyAsName || table[SCHEMA] !== undefined) throw new Unsupported();
      out.sql += `${quote(table[NAME]!)}.${quote(chunk.name)}`;
    } else if (chunk instanceof Table) {
      const table = chunk as unknown as Record<symbol, string | undefined>;
      if (table[SCHEMA] !== undefined) throw new Unsupported();
      out.sql += quote(table[NAME]!);
    } else if (chunk === undefined) continue;
    else if (Array.isArray(chunk)) {
      // A list (`inArray`'s values): in parentheses, comma-separated, as Drizzle writes it.
      chunk.forEach((item, i) => {
        out.sql += i === 0 ? '(' : ', ';
        chunks([item], out);
      });
      out.sql += chunk.length ? ')' : '()';
    }
    else if (chunk === null || typeof chunk !== 'object' || chunk instanceof Date) {
      // A value written straight into a `sql` template: a parameter, unencoded, as Drizzle sends it.
      out.params.push(chunk);
      out.sql += `$${out.params.length}`;
    } else throw new Unsupported();
  }
}

/**
 * A hand-written statement's text and parameters as Drizzle's PostgreSQL dialect writes them, for the
 * chunks hand-written statements hold (text, parameters, nested `sql`, columns and tables of the public
 * schema); undefined for anything else. Drizzle's own compiler tests each chunk against a dozen classes
 * through `is()`, a measurable share of a booking's Node time on the hot statements (decision 157).
 * `run-sql.test.ts` checks both agree.
 */
export function compileSql(query: SQL): Query | undefined {
  const out: Query = { sql: '', params: [] };
  try {
    walk(query, out);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  return out;
}

/**
 * `db.execute(query)` for the hot paths' hand-written statements: compiled by `compileSql`, then sent
 * through the database's (or transaction's) session as `execute` sends it; a statement it cannot compile
 * goes through `db.execute`. Same result, same driver, same transaction.
 */
export function runSql(db: Database, query: SQL): Promise<unknown> {
  const compiled = compileSql(query);
  if (!compiled) return db.execute(query);
  return db._.session.prepareQuery(compiled, undefined, undefined, false).execute();
}
