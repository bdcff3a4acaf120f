import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideBusyCondition } from '../modules/bookings/busy.repository';
import { openTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from './client';
import { insertValues } from './insert-values';
import { rowsOf } from './raw-row';
import { compileSql, runSql } from './run-sql';
import { bookings, simulatedCharges, users } from './schema/index';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const dialectOf = (handle: DatabaseHandle) => (handle.db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect;

describe('compileSql writes what Drizzle’s dialect writes', () => {
  const at = new Date('2026-11-26T01:02:03.000Z');
  const cases: [string, () => SQL][] = [
    ['text, values and a nested template', () => sql`select ${1}::int, ${'a'} where ${sql`x = ${at}`} and ${null} is null`],
    ['columns, tables and encoded parameters', () => sql`select ${users.id} from ${users} where ${eq(users.id, 3)} and ${bookings.startsAt} > ${at}`],
    ['a list and conditions', () => and(inArray(bookings.status, ['pending', 'upcoming']), eq(bookings.guideId, 4))!],
    ['the guide’s busy condition', () => guideBusyCondition(7, at, new Date(at.getTime() + 3_600_000), 9)],
    ['an insert of two rows', () => sql`${insertValues(simulatedCharges, [{ idempotencyKey: 'k', providerRef: 'r', paymentId: 1, amountCents: 5, method: 'card', status: 'succeeded' }, { idempotencyKey: 'l', providerRef: 's', paymentId: 2, amountCents: 6, method: 'alipay', status: 'pending' }])} returning *`],
  ];
  for (const [name, build] of cases) {
    it(name, () => {
      const query = build();
      const ours = compileSql(query);
      expect(ours).toBeDefined();
      const theirs = dialectOf(database).sqlToQuery(query);
      expect(ours!.sql).toBe(theirs.sql);
      expect(ours!.params).toEqual(theirs.params);
    });
  }

  it('leaves what it does not know to Drizzle (an identifier, a placeholder)', () => {
    expect(compileSql(sql`select 1 from ${sql.identifier('users')}`)).toBeUndefined();
    expect(compileSql(sql`select ${sql.placeholder('x')}`)).toBeUndefined();
  });
});

describe('runSql', () => {
  it('answers as db.execute does, and inside a transaction sees what that transaction wrote', async () => {
    const db = database.db;
    const direct = rowsOf(await db.execute(sql`select ${2}::int + 3 as v, ${'x'} as s`));
    expect(rowsOf(await runSql(db, sql`select ${2}::int + 3 as v, ${'x'} as s`))).toEqual(direct);
    // A statement it cannot compile goes through db.execute.
    expect(rowsOf(await runSql(db, sql`select count(*)::int as n from ${sql.identifier('users')} where false`))).toEqual([{ n: 0 }]);
    let inside: unknown;
    const ended = await db
      .transaction(async (tx) => {
        await runSql(tx, sql`${insertValues(simulatedCharges, [{ idempotencyKey: 'tx-key', providerRef: 'tx-ref', paymentId: 1, amountCents: 5, method: 'card', status: 'succeeded' }])}`);
        inside = rowsOf(await runSql(tx, sql`select count(*)::int as n from simulated_charges where idempotency_key = ${'tx-key'}`));
        tx.rollback();
      })
      .catch((error: Error) => error.message);
    expect(inside).toEqual([{ n: 1 }]);
    expect(ended).toMatch(/rollback/i);
    // Rolled back with the transaction: the write was the transaction's.
    expect(rowsOf(await runSql(db, sql`select count(*)::int as n from simulated_charges where idempotency_key = ${'tx-key'}`))).toEqual([{ n: 0 }]);
  });
});
