import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../client';
import { users } from '../schema/index';
import { backupEmbedded, restoreEmbedded } from './backup';

const root = mkdtempSync(path.join(tmpdir(), 'tabi-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function withDb<T>(
  dbDir: string,
  run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ dataDir: dbDir });
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

describe('embedded database backup and restore', () => {
  it(
    'restores a backup: rows written after it are gone, rows before it are back, the old directory is kept',
    { timeout: 120_000 },
    async () => {
      const dbDir = path.join(root, 'db');
      const open = await openDatabase({ dataDir: dbDir });
      await open.migrate();
      await open.db
        .insert(users)
        .values({ username: 'kept', email: 'kept@example.com', fullName: 'Kept Before Backup', passwordHash: 'x' });
      await open.close();

      const file = path.join(root, 'backups', 'one.tar.gz');
      expect(await backupEmbedded(dbDir, file)).toBeGreaterThan(10_000);

      await withDb(dbDir, async (db) => {
        await db.delete(users).where(eq(users.username, 'kept'));
        await db
          .insert(users)
          .values({ username: 'later', email: 'later@example.com', fullName: 'Written After', passwordHash: 'x' });
      });

      const { keptAs } = await restoreEmbedded(dbDir, file);
      expect(keptAs && existsSync(keptAs)).toBe(true);
      const names = await withDb(dbDir, async (db) =>
        (await db.select({ username: users.username }).from(users)).map((u) => u.username),
      );
      expect(names).toContain('kept');
      expect(names).not.toContain('later');
    },
  );

  it(
    'refuses a directory without a database and keeps the database when the backup is unreadable',
    { timeout: 60_000 },
    async () => {
      await expect(backupEmbedded(path.join(root, 'nothing'), path.join(root, 'x.tar.gz'))).rejects.toThrow(
        /No embedded database/,
      );
      const dbDir = path.join(root, 'db2');
      const open = await openDatabase({ dataDir: dbDir });
      await open.migrate();
      await open.close();
      const bogus = path.join(root, 'bogus.tar.gz');
      writeFileSync(bogus, 'not a tarball');
      await expect(restoreEmbedded(dbDir, bogus)).rejects.toThrow(/not a backup/);
      expect(existsSync(path.join(dbDir, 'PG_VERSION'))).toBe(true);
    },
  );
});
