import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from './client';
import { insertValues } from './insert-values';
import { rowOf, rowsOf } from './raw-row';
import { simulatedCharges, systemMessages } from './schema/index';

// A table of each kind of missing value: a `$defaultFn`, an `$onUpdate` without a default, a default, a generated column.
let calls = 0;
const kinds = pgTable('insert_values_kinds', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').$defaultFn(() => `c${++calls}`),
  touched: text('touched').$onUpdate(() => 'touched'),
  note: text('note').default('none'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
});

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('insertValues writes what the insert builder writes', () => {
  it('the same text and parameters for one row and for several, missing values included', () => {
    const { dialect } = database.db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string; params: unknown[] } } };
    const at = new Date('2026-11-26T01:02:03.000Z');
    const rows = [{ note: 'a', at }, { touched: 'x' }];
    calls = 0;
    const built = database.db.insert(kinds).values(rows).toSQL();
    calls = 0;
    const ours = dialect.sqlToQuery(insertValues(kinds, rows));
    expect(ours).toEqual({ sql: built.sql, params: built.params, typings: expect.anything() });
    expect(ours.sql).toBe('insert into "insert_values_kinds" ("id", "code", "touched", "note", "at") values (default, $1, $2, $3, $4), (default, $5, $6, default, default)');
    expect(ours.params).toEqual(['c1', 'touched', 'a', at.toISOString(), 'c2', 'x']);

    const message = { userId: 1, type: 'booking' as const, title: 't', message: 'm', dedupeKey: 'k', texts: { en: { title: 't', message: 'm' } } };
    const builtMessage = database.db.insert(systemMessages).values([message, message]).toSQL();
    expect(dialect.sqlToQuery(insertValues(systemMessages, [message, message]))).toMatchObject({ sql: builtMessage.sql, params: builtMessage.params });
  });

  it('round-trips a row through the database as the builder does', async () => {
    const db = database.db;
    const values = (key: string) => ({ idempotencyKey: key, providerRef: `ref_${key}`, paymentId: 7, amountCents: 12_345, method: 'card' as const, status: 'succeeded' as const });
    const [byBuilder] = await db.insert(simulatedCharges).values(values('a')).returning();
    const [raw] = rowsOf<Record<string, unknown>>(await db.execute(sql`${insertValues(simulatedCharges, [values('b')])} on conflict do nothing returning *`));
    const ours = rowOf(simulatedCharges, raw!);
    const { idempotencyKey: _ka, providerRef: _ra, createdAt: ca, ...rest } = byBuilder!;
    const { idempotencyKey: kb, providerRef: _rb, createdAt: cb, ...oursRest } = ours;
    expect(oursRest).toEqual(rest);
    expect(kb).toBe('b');
    expect(cb).toBeInstanceOf(Date);
    expect(ca).toBeInstanceOf(Date);
    // The same key again: nothing written, nothing returned.
    expect(rowsOf(await db.execute(sql`${insertValues(simulatedCharges, [values('b')])} on conflict do nothing returning *`))).toEqual([]);
  });
});
