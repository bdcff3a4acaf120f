import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { AppError } from '../lib/app-error';
import { migrationsFolder } from './client';

/**
 * For a migration's test: an embedded database migrated up to just before the migration named by its
 * number (`'0050'`), rows written as the schema was then, and `finish` to run the rest. A migration
 * that changes existing data is tested on data written before it (two-currencies-migration.test.ts).
 */
export async function databaseBefore(number: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tabi-mig-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.startsWith(`${number}_`));
  if (cut <= 0) throw new AppError('internal', `no migration ${number}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  const client = await PGlite.create({ extensions: { btree_gist } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: dir });

  /** A row with every required column given a plain value of its type, then `values` over them. */
  const insert = async (table: string, values: Record<string, unknown>): Promise<number> => {
    const { rows } = await client.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
        WHERE table_name = $1 AND is_nullable = 'NO' AND column_default IS NULL AND is_identity = 'NO' AND is_generated = 'NEVER'`,
      [table],
    );
    const plain = (type: string) =>
      type.includes('timestamp')
        ? new Date('2026-01-10T00:00:00Z')
        : type === 'date'
          ? '2026-01-10'
          : type === 'boolean'
            ? false
            : type === 'jsonb'
              ? '[]'
              : type === 'ARRAY'
                ? []
                : type === 'text'
                  ? 'x'
                  : 1;
    const row: Record<string, unknown> = Object.fromEntries(rows.map((c) => [c.column_name, plain(c.data_type)]));
    Object.assign(row, values);
    const cols = Object.keys(row);
    const res = await client.query<{ id: number }>(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      Object.values(row),
    );
    return res.rows[0]!.id;
  };
  const rows = async (q: string) => (await client.query<Record<string, unknown>>(q)).rows;
  return {
    client,
    insert,
    rows,
    /** Every migration from the cut on, as a deployment runs them. */
    finish: () => migrate(db, { migrationsFolder }),
    close: async () => {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
