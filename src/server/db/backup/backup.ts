import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { AppError } from '../../lib/app-error';

/**
 * Backup and restore of the embedded database: a gzip tarball of PGlite's data directory,
 * taken by PGlite itself so the copy is consistent. PGlite belongs to one process at a time, so both
 * run while the server is stopped. PostgreSQL deployments use pg_dump / pg_restore (README).
 */

/** Writes a backup of the database in `dbDir` to `file`; returns its size in bytes. */
export async function backupEmbedded(dbDir: string, file: string): Promise<number> {
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new AppError('not_found', `No embedded database in ${dbDir}`);
  const client = await PGlite.create(dbDir, { extensions: { btree_gist } });
  try {
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, bytes);
    return bytes.length;
  } finally {
    await client.close();
  }
}

/**
 * Replaces the database in `dbDir` with the backup in `file`. The current directory is kept beside
 * it (returned), never deleted: a restore of the wrong file can itself be undone.
 */
export async function restoreEmbedded(dbDir: string, file: string): Promise<{ keptAs: string | null }> {
  const bytes = readFileSync(file);
  // Checked here, before anything moves: PGlite reports a bad archive only from inside a stream.
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch {
    throw new AppError('bad_request', `${file} is not a backup (not gzip)`);
  }
  if (tar.subarray(257, 262).toString('latin1') !== 'ustar')
    throw new AppError('bad_request', `${file} is not a backup (not a tar archive)`);
  const data = new Blob([bytes], { type: 'application/x-gzip' });
  let keptAs: string | null = null;
  if (existsSync(dbDir)) {
    keptAs = `${dbDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dbDir, keptAs);
  }
  try {
    const client = await PGlite.create(dbDir, { loadDataDir: data, extensions: { btree_gist } });
    await client.query('select 1');
    await client.close();
  } catch (err) {
    if (keptAs) renameSync(keptAs, dbDir); // the old database stays in place when the backup is unreadable
    throw err;
  }
  return { keptAs };
}
