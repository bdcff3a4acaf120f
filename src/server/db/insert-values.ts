import {
  getTableColumns,
  getTableName,
  is,
  sql,
  SQL,
  StringChunk,
  type Column,
  type Placeholder,
  type Table,
} from 'drizzle-orm';
import { AppError } from '../lib/app-error';

interface Head {
  text: string;
  columns: [key: string, column: Column][];
}

const heads = new WeakMap<Table, Head>();

/**
 * The table's insertable columns (a generated column is not written) and `insert into "t" ("a", …) values `, once per
 * table.
 */
function headOf(table: Table): Head {
  let head = heads.get(table);
  if (!head) {
    const columns = Object.entries(getTableColumns(table)).filter(
      ([, c]) => !(c as Column & { shouldDisableInsert(): boolean }).shouldDisableInsert(),
    );
    const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
    head = { text: `insert into "${getTableName(table)}" (${names}) values `, columns };
    heads.set(table, head);
  }
  return head;
}

/** A row's values by placeholder name and the statement's shape, for `insertStatement` (decision 189). */
export interface InsertedRows {
  /** Per row (rows apart by `|`), per insertable column: `v` a value (null included), `d` the column's default. */
  shape: string;
  values: Record<string, unknown>;
}

const placeholderOf = (prefix: string, row: number, key: string) => `${prefix}${row}_${key}`;

/**
 * The values of `rows` for an insert, as Drizzle's insert builder sends them (every insertable column;
 * a missing value takes the column's `$defaultFn`, an `$onUpdate` on a column without a default, else
 * `default`; each value encoded by its column), named for `insertStatement`'s placeholders under
 * `prefix`.
 */
export function insertedRows<T extends Table>(table: T, rows: T['$inferInsert'][], prefix: string): InsertedRows {
  const head = headOf(table);
  const values: Record<string, unknown> = {};
  let shape = '';
  rows.forEach((row, r) => {
    if (r > 0) shape += '|';
    for (const [key, column] of head.columns) {
      let value = (row as Record<string, unknown>)[key];
      if (value === undefined) {
        // As the builder does: an `$onUpdate` stands in for a missing value only on a column without a default.
        const fn = column.defaultFn ?? (column.default ? undefined : column.onUpdateFn);
        value = fn?.();
      }
      if (value === undefined) {
        shape += 'd';
        continue;
      }
      // A null is sent as null, not through the column's encoder, which would turn a JSON null into the
      // text 'null' and fails on a null date (Drizzle's own compiler does the same).
      const mapped: unknown = value === null ? null : is(value, SQL) ? value : column.mapToDriverValue(value);
      if (is(mapped, SQL))
        throw new AppError(
          'internal',
          `${getTableName(table)}.${column.name}: an SQL value cannot be a prepared statement's parameter`,
        );
      shape += 'v';
      values[placeholderOf(prefix, r, key)] = mapped;
    }
  });
  return { shape, values };
}

/**
 * `insert into … values …` of a shape from `insertedRows`, every value a placeholder: the statement
 * compiles once per shape (`prepared`). Written without Drizzle's builder, whose building cost a
 * measurable share of a booking's Node time on the checkout's and the job runner's hot statements
 * (decision 157). The caller appends its `on conflict …` and `returning *`, and maps returned rows with
 * `rowOf`. `insert-values.test.ts` checks its text and values against the builder's.
 */
export function insertStatement(table: Table, shape: string, prefix: string): SQL {
  const head = headOf(table);
  const chunks: (StringChunk | Placeholder)[] = [];
  let text = head.text;
  shape.split('|').forEach((row, r) => {
    text += r === 0 ? '(' : '), (';
    head.columns.forEach(([key], c) => {
      if (c > 0) text += ', ';
      if (row[c] === 'd') text += 'default';
      else {
        chunks.push(new StringChunk(text), sql.placeholder(placeholderOf(prefix, r, key)));
        text = '';
      }
    });
  });
  chunks.push(new StringChunk(`${text})`));
  return new SQL(chunks);
}
