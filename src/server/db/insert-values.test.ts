import { fillPlaceholders, sql } from 'drizzle-orm';
import { integer, jsonb, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from './client';
import { insertedRows, insertStatement } from './insert-values';
import { prepared } from './prepared';
import { rowOf, rowsOf } from './raw-row';
import { simulatedCharges, systemMessages } from './schema/index';

// A table of each kind of missing value: a `$defaultFn`, an `$onUpdate` without a default, a default, a generated
// column.
let calls = 0;
const kinds = pgTable('insert_values_kinds', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').$defaultFn(() => `c${++calls}`),
  touched: text('touched').$onUpdate(() => 'touched'),
  note: text('note').default('none'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  data: jsonb('data'),
});

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const dialect = new PgDialect();
/** The statement as the database receives it: its text, and its placeholders filled with the rows' values. */
function ours<T extends Parameters<typeof insertedRows>[0]>(table: T, rows: T['$inferInsert'][]) {
  const { shape, values } = insertedRows(table, rows, 'p');
  const query = dialect.sqlToQuery(insertStatement(table, shape, 'p'));
  return { sql: query.sql, params: fillPlaceholders(query.params, values) };
}

describe('insertedRows and insertStatement send what the insert builder sends', () => {
  it('the same text and parameters for one row and for several, missing values and nulls included', () => {
    const at = new Date('2026-11-26T01:02:03.000Z');
    const rows = [
      { note: 'a', at, data: { a: 1 } },
      { touched: 'x', at: null, data: null },
    ];
    calls = 0;
    const built = database.db.insert(kinds).values(rows).toSQL();
    calls = 0;
    const mine = ours(kinds, rows);
    expect(mine).toEqual({ sql: built.sql, params: built.params });
    expect(mine.sql).toBe(
      'insert into "insert_values_kinds" ("id", "code", "touched", "note", "at", "data") values (default, $1, $2, $3, $4, $5), (default, $6, $7, default, $8, $9)',
    );
    // A null is SQL's null, not the JSON text 'null' a jsonb column's encoder would write.
    expect(mine.params).toEqual(['c1', 'touched', 'a', at.toISOString(), '{"a":1}', 'c2', 'x', null, null]);

    const message = {
      userId: 1,
      type: 'booking' as const,
      title: 't',
      message: 'm',
      dedupeKey: 'k',
      texts: { en: { title: 't', message: 'm' } },
    };
    const builtMessage = database.db.insert(systemMessages).values([message, message]).toSQL();
    expect(ours(systemMessages, [message, message])).toEqual({ sql: builtMessage.sql, params: builtMessage.params });
  });

  it('a shape per set of columns given, not per value', () => {
    const shape = (rows: (typeof kinds.$inferInsert)[]) => insertedRows(kinds, rows, 'p').shape;
    expect(shape([{ note: 'a' }])).toBe('dvvvdd');
    expect(shape([{ note: 'b', at: null }])).toBe('dvvvvd');
    expect(shape([{ note: 'c', at: new Date() }])).toBe('dvvvvd');
    expect(shape([{ note: 'a' }, { data: { b: 2 } }])).toBe('dvvvdd|dvvddv');
  });

  it('round-trips a row through the database as the builder does', async () => {
    const db = database.db;
    const insert = prepared(
      (shape: string) => sql`${insertStatement(simulatedCharges, shape, 'c')} on conflict do nothing returning *`,
    );
    const run = (key: string) => {
      const row = insertedRows(
        simulatedCharges,
        [
          {
            idempotencyKey: key,
            providerRef: `ref_${key}`,
            paymentId: 7,
            amountCents: 12_345,
            method: 'card' as const,
            status: 'succeeded' as const,
          },
        ],
        'c',
      );
      return insert(db, row.shape, row.values);
    };
    const [byBuilder] = await db
      .insert(simulatedCharges)
      .values({
        idempotencyKey: 'a',
        providerRef: 'ref_a',
        paymentId: 7,
        amountCents: 12_345,
        method: 'card',
        status: 'succeeded',
      })
      .returning();
    const [raw] = rowsOf<Record<string, unknown>>(await run('b'));
    const mine = rowOf(simulatedCharges, raw!);
    const { idempotencyKey: _ka, providerRef: _ra, createdAt: ca, ...rest } = byBuilder!;
    const { idempotencyKey: kb, providerRef: _rb, createdAt: cb, ...mineRest } = mine;
    expect(mineRest).toEqual(rest);
    expect(kb).toBe('b');
    expect(cb).toBeInstanceOf(Date);
    expect(ca).toBeInstanceOf(Date);
    // The same key again: nothing written, nothing returned.
    expect(rowsOf(await run('b'))).toEqual([]);
  });
});
