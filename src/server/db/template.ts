import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder } from './client';

/**
 * The embedded database's starting point (decision 086): `npm run build` runs initdb and every
 * migration once and keeps the result as a PGlite dump in dist/db. A first start loads it (about 1 s)
 * instead of running initdb (5–13 s) and 22 migrations (1–2 s) itself. The dump is an uncompressed
 * tar (40 MB): gzip (5 MB) costs about 1 s of CPU more across the build and the first start.
 */
const templateDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/db');

/**
 * The template's file, named by a hash of the migration files and PGlite's version: a template made
 * before a migration was added or changed, or by another PGlite, is simply not found, and the start
 * falls back to initdb and migrating.
 */
export function templateFile(): string {
  const hash = createHash('sha256');
  const pglite = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  hash.update(readFileSync(pglite));
  const meta = path.join(migrationsFolder, 'meta', '_journal.json');
  hash.update(readFileSync(meta));
  for (const name of readdirSync(migrationsFolder)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(path.join(migrationsFolder, name)));
  }
  return path.join(templateDir, `template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The template to create a new embedded database in `dbDir` from: only for a folder that does not exist yet. */
export async function templateFor(dbDir: string): Promise<Blob | undefined> {
  if (existsSync(dbDir)) return undefined;
  const file = templateFile();
  return existsSync(file) ? new Blob([await readFile(file)]) : undefined;
}
