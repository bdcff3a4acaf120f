/**
 * `npm run seed -- [--guides N] [--demo]`: migrates the database named by DATABASE_URL (or the
 * embedded one under DATA_DIR), applies the seed steps, and with --guides adds N generated guides
 * for benchmarks in bulk inserts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { generateBulkGuides } from './guides';
import { runSeed } from './index';

const { values } = parseArgs({ options: { guides: { type: 'string' }, demo: { type: 'boolean' } } });
const count = values.guides === undefined ? 0 : Number(values.guides);
if (!Number.isInteger(count) || count < 0) {
  console.error('--guides takes a whole number, for example --guides 10000');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
try {
  await database.migrate();
  const applied = await runSeed(database.db, values.demo ? 'demo' : config.seed);
  console.log(`Seed steps applied: ${applied.length ? applied.join(', ') : 'none (already done)'}`);
  if (count > 0) {
    const started = Date.now();
    await generateBulkGuides(database.db, count, (done) => process.stdout.write(`\r  ${done} / ${count} guides`));
    console.log(`\n${count} guides generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // A bulk load leaves the visibility map empty: vacuum so searches can use index-only scans.
    await database.db.execute(sql`vacuum analyze`);
  }
} finally {
  await database.close();
}
