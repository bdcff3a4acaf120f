/**
 * `npm run db:backup [-- --out dir]` and `npm run db:restore -- <dir>`: the embedded database under
 * DATA_DIR and the uploaded files it refers to, with the server stopped. A backup is a folder holding
 * db.tar.gz and a copy of uploads/. With DATABASE_URL set they refuse and point to pg_dump.
 */
import { cpSync, existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { backupEmbedded, restoreEmbedded } from './backup';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });
const [command, ...dirs] = positionals;
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc and restore with pg_restore (see README).');
  process.exit(1);
}
// PGlite belongs to one process: copying or replacing it under a running server would corrupt it.
const running = await fetch(`http://127.0.0.1:${config.port}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
  () => true,
  () => false,
);
if (running) {
  console.error(
    `A server answers on port ${config.port}: stop it first (the embedded database belongs to one process).`,
  );
  process.exit(1);
}
const dbDir = path.join(config.dataDir, 'db');
const uploads = path.join(config.dataDir, 'uploads');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

if (command === 'backup') {
  const dir = values.out ?? path.join(config.dataDir, 'backups', `tabi-${stamp}`);
  const size = await backupEmbedded(dbDir, path.join(dir, 'db.tar.gz'));
  if (existsSync(uploads)) cpSync(uploads, path.join(dir, 'uploads'), { recursive: true });
  console.log(`Backed up ${dbDir} (${(size / 1024 / 1024).toFixed(1)} MB) and ${uploads} to ${dir}.`);
} else if (command === 'restore' && dirs.length === 1) {
  const dir = dirs[0]!;
  const { keptAs } = await restoreEmbedded(dbDir, path.join(dir, 'db.tar.gz'));
  let keptUploads: string | null = null;
  if (existsSync(path.join(dir, 'uploads'))) {
    if (existsSync(uploads)) renameSync(uploads, (keptUploads = `${uploads}.before-restore-${stamp}`));
    cpSync(path.join(dir, 'uploads'), uploads, { recursive: true });
  }
  console.log(`Restored ${dir} into ${config.dataDir}.`);
  if (keptAs || keptUploads)
    console.log(`The previous data is kept in ${[keptAs, keptUploads].filter(Boolean).join(' and ')}.`);
} else {
  console.error(
    'Usage: npm run db:backup [-- --out dir]   |   npm run db:restore -- <backup dir>   (stop the server first)',
  );
  process.exit(1);
}
