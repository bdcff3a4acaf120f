import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { StatementNames } from './named-statements';

describe('statement names', () => {
  it('names a text from its second use, the same name each time, and forgets one PostgreSQL refused', () => {
    const names = new StatementNames(2);
    expect(names.nameFor('select $1')).toBeUndefined();
    const name = names.nameFor('select $1');
    expect(name).toMatch(/^t[0-9a-f]{20}$/);
    expect(names.nameFor('select $1')).toBe(name);
    names.forget('select $1');
    expect(names.nameFor('select $1')).toBeUndefined();
    expect(names.nameFor('select $1')).toBeUndefined();
  });

  it('names at most `max` texts; the rest run unnamed', () => {
    const names = new StatementNames(2);
    for (const t of ['a $1', 'b $1', 'c $1']) names.nameFor(t);
    expect(names.nameFor('a $1')).toBeDefined();
    expect(names.nameFor('b $1')).toBeDefined();
    expect(names.nameFor('c $1')).toBeUndefined();
  });
});

// Named statements are the PostgreSQL pool's (PGlite has one connection and no pool): the API suite's pass on
// PostgreSQL runs these.
describe.runIf(Boolean(process.env.DATABASE_URL))(
  "named statements on PostgreSQL (skipped without DATABASE_URL, which CI's PostgreSQL pass sets)",
  () => {
    it('a repeated statement is prepared once on its connection, with its parameters still bound each time', async () => {
      const database = await openTestDatabase();
      try {
        const prepared = await database.db.transaction(async (tx) => {
          const values: number[] = [];
          for (const n of [1, 2, 3]) {
            const r = (await tx.execute(sql`select ${n}::int + 40 as v`)) as unknown as { rows: { v: number }[] };
            values.push(r.rows[0]!.v);
          }
          expect(values).toEqual([41, 42, 43]);
          const r = (await tx.execute(
            sql`select name, statement from pg_prepared_statements where statement like ${'%+ 40 as v%'}`,
          )) as unknown as {
            rows: { name: string; statement: string }[];
          };
          return r.rows;
        });
        expect(prepared).toEqual([
          { name: expect.stringMatching(/^t[0-9a-f]{20}$/), statement: 'select $1::int + 40 as v' },
        ]);
      } finally {
        await database.close();
      }
    });

    it('after a migration changes a prepared statement’s result type, it fails once and then runs unnamed', async () => {
      const database = await openTestDatabase();
      try {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`create temporary table widths (w int) on commit drop`);
          await tx.execute(sql`insert into widths values (7)`);
          const read = () =>
            tx.execute(sql`select * from widths where w > ${0}`) as unknown as Promise<{ rows: { w: unknown }[] }>;
          await read();
          expect((await read()).rows).toEqual([{ w: 7 }]); // now prepared
          await tx.execute(sql`savepoint before_change`);
          await tx.execute(sql`alter table widths alter column w type bigint`);
          await expect(read()).rejects.toMatchObject({ cause: { code: '0A000' } });
          await tx.execute(sql`rollback to savepoint before_change`);
          await tx.execute(sql`alter table widths alter column w type bigint`);
          expect((await read()).rows).toEqual([{ w: '7' }]);
        });
      } finally {
        await database.close();
      }
    });
  },
);
