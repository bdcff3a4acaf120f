/**
 * `npm run admin:create -- --username ops1 --email ops1@example.com [--name "Ops One"]` creates an
 * admin and prints a one-time link to set the password; `-- --promote --username someone` makes an
 * existing account an admin. Works on DATABASE_URL or the embedded database under DATA_DIR (with
 * the embedded one, stop the server first).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createAdminAccount, promoteToAdmin } from './admin-account';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    promote: { type: 'boolean' },
  },
});
if (!values.username || (!values.promote && !values.email)) {
  console.error(
    'Usage: npm run admin:create -- --username <name> --email <address> [--name "Full Name"]\n       npm run admin:create -- --promote --username <existing user>',
  );
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
try {
  await database.migrate();
  if (values.promote) {
    await promoteToAdmin(database.db, values.username);
    console.log(`${values.username} is now an admin.`);
  } else {
    const { resetLink } = await createAdminAccount(
      database.db,
      { username: values.username, email: values.email!, fullName: values.name },
      config.appUrl,
    );
    console.log(`Admin ${values.username} created. Set its password within the hour, once, at:\n  ${resetLink}`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
