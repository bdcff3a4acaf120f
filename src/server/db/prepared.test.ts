import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from './client';
import { prepared } from './prepared';
import { rowsOf } from './raw-row';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('prepared', () => {
  it('answers as db.execute does, each call with its own values, each shape with its own text', async () => {
    let builds = 0;
    const add = prepared((shape: 'plus' | 'times') => {
      builds++;
      return sql`select ${sql.placeholder('a')}::int ${sql.raw(shape === 'plus' ? '+' : '*')} ${sql.placeholder('b')}::int as v, ${sql.placeholder('s')}::text as s`;
    });
    const db = database.db;
    expect(rowsOf(await add(db, 'plus', { a: 2, b: 3, s: 'x' }))).toEqual(
      rowsOf(await db.execute(sql`select ${2}::int + ${3}::int as v, ${'x'}::text as s`)),
    );
    expect(rowsOf(await add(db, 'plus', { a: 4, b: 5, s: null }))).toEqual([{ v: 9, s: null }]);
    expect(rowsOf(await add(db, 'times', { a: 4, b: 5, s: 'y' }))).toEqual([{ v: 20, s: 'y' }]);
    // Compiled once per shape, not per call.
    expect(builds).toBe(2);
  });

  it('runs inside the transaction it is given', async () => {
    const db = database.db;
    const insert = prepared(
      () => sql`insert into receipt_series (series, last_number) values (${sql.placeholder('series')}, 1)`,
    );
    const count = prepared(
      () => sql`select count(*)::int as n from receipt_series where series = ${sql.placeholder('series')}`,
    );
    let inside: unknown;
    const ended = await db
      .transaction(async (tx) => {
        await insert(tx, '', { series: 'TX' });
        inside = rowsOf(await count(tx, '', { series: 'TX' }));
        tx.rollback();
      })
      .catch((error: Error) => error.message);
    expect(inside).toEqual([{ n: 1 }]);
    expect(ended).toMatch(/rollback/i);
    // Rolled back with the transaction: the write was the transaction's.
    expect(rowsOf(await count(db, '', { series: 'TX' }))).toEqual([{ n: 0 }]);
  });

  it('refuses a statement with a value written into it, which every later caller would reuse', async () => {
    const leaky = prepared((_shape: '', id: number) => sql`select ${id}::int as v, ${sql.placeholder('a')}::int as a`);
    await expect(leaky(database.db, '', { a: 1 }, 7)).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringContaining('$1'),
    });
  });
});
