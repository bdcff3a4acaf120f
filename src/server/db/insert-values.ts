import { getTableColumns, getTableName, is, Param, SQL, StringChunk, type Column, type Table } from 'drizzle-orm';

interface Head {
  text: string;
  columns: [key: string, column: Column][];
}

const heads = new WeakMap<Table, Head>();

/** The table's insertable columns (a generated column is not written) and `insert into "t" ("a", …) values `, once per table. */
function headOf(table: Table): Head {
  let head = heads.get(table);
  if (!head) {
    const columns = Object.entries(getTableColumns(table)).filter(([, c]) => !(c as Column & { shouldDisableInsert(): boolean }).shouldDisableInsert());
    const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
    head = { text: `insert into "${getTableName(table)}" (${names}) values `, columns };
    heads.set(table, head);
  }
  return head;
}

/**
 * `insert into … values …` for `rows`, written as Drizzle's insert builder writes it (every insertable
 * column; a missing value takes the column's `$defaultFn`, else `default`; values encoded by their
 * column), without the builder: building Drizzle's insert costs a few hundred microseconds of CPU per
 * statement, which on the checkout's and the job runner's hot statements is a measurable share of a
 * booking's Node time (decision 157). The caller appends its `on conflict …` and `returning *`, and maps
 * returned rows with `rowOf`. `insert-values.test.ts` checks that it matches the builder's text.
 */
export function insertValues<T extends Table>(table: T, rows: T['$inferInsert'][]): SQL {
  const head = headOf(table);
  const chunks: (StringChunk | Param | SQL)[] = [];
  let text = head.text;
  rows.forEach((row, r) => {
    text += r === 0 ? '(' : '), (';
    head.columns.forEach(([key, column], c) => {
      if (c > 0) text += ', ';
      let value = (row as Record<string, unknown>)[key];
      if (value === undefined) {
        // As the builder does: an `$onUpdate` stands in for a missing value only on a column without a default.
        const fn = column.defaultFn ?? (column.default ? undefined : column.onUpdateFn);
        if (!fn) {
          text += 'default';
          return;
        }
        value = fn();
      }
      chunks.push(new StringChunk(text));
      text = '';
      chunks.push(is(value, SQL) ? value : new Param(value, column));
    });
  });
  chunks.push(new StringChunk(`${text})`));
  return new SQL(chunks);
}
