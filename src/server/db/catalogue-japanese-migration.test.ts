import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_CATALOGUE } from '../../shared/service-categories';
import { migrationsFolder } from './client';

/**
 * Migration 0040 on a database that already holds the catalogue (decision 144): the rows written before
 * it get their Japanese names from the catalogue by slug, and a row the catalogue does not know keeps
 * its English name, so `name_ja` can be NOT NULL.
 */
describe('migration 0040: the catalogue in Japanese', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tabi-mig-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fills name_ja of existing categories and subcategories by slug', async () => {
    cpSync(migrationsFolder, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag.startsWith('0040_'));
    expect(cut).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));

    const client = await PGlite.create({ extensions: { btree_gist } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: dir });
    // The catalogue as the seed wrote it before 0040, and one category it never had.
    for (const [i, c] of [
      ...SERVICE_CATALOGUE,
      {
        slug: 'custom',
        nameEn: 'Custom',
        nameCn: '自定义',
        subcategories: [{ slug: 'custom-sub', nameEn: 'Custom tour', nameCn: '定制' }],
      },
    ].entries()) {
      const { rows } = await client.query<{ id: number }>(
        'INSERT INTO service_categories (slug, name_en, name_cn, sort_order) VALUES ($1, $2, $3, $4) RETURNING id',
        [c.slug, c.nameEn, c.nameCn, i],
      );
      for (const [j, s] of c.subcategories.entries()) {
        await client.query(
          'INSERT INTO service_subcategories (category_id, slug, name_en, name_cn, sort_order) VALUES ($1, $2, $3, $4, $5)',
          [rows[0]!.id, s.slug, s.nameEn, s.nameCn, j],
        );
      }
    }

    await migrate(db, { migrationsFolder });
    const names = async (table: string) =>
      Object.fromEntries(
        (await client.query<{ slug: string; name_ja: string }>(`SELECT slug, name_ja FROM ${table}`)).rows.map((r) => [
          r.slug,
          r.name_ja,
        ]),
      );
    expect(await names('service_categories')).toEqual({
      ...Object.fromEntries(SERVICE_CATALOGUE.map((c) => [c.slug, c.nameJa])),
      custom: 'Custom',
    });
    expect(await names('service_subcategories')).toEqual({
      ...Object.fromEntries(SERVICE_CATALOGUE.flatMap((c) => c.subcategories).map((s) => [s.slug, s.nameJa])),
      'custom-sub': 'Custom tour',
    });
    const { rows } = await client.query<{ is_nullable: string }>(
      "SELECT is_nullable FROM information_schema.columns WHERE column_name = 'name_ja' AND table_name LIKE 'service_%'",
    );
    expect(rows.map((r) => r.is_nullable)).toEqual(['NO', 'NO']);
    await client.close();
  }, 120_000);
});
