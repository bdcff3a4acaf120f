/**
 * Run by the build (`dist/server/db-template.js`): the migrated, empty embedded database, dumped to
 * dist/db for first starts to load (template.ts). Replaces older templates.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from './client';
import { templateFile } from './template';

const file = templateFile();
const database = await openDatabase({ dataDir: 'memory://' });
await database.migrate();
const dump = await database.dump!();
await database.close();
const dir = path.dirname(file);
mkdirSync(dir, { recursive: true });
// Written aside, then renamed: a build stopped halfway, or two at once, never leave a torn template.
const partial = `${file}.${process.pid}.partial`;
writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
renameSync(partial, file);
for (const old of readdirSync(dir))
  if (old.endsWith('.tar') && old !== path.basename(file)) rmSync(path.join(dir, old), { force: true });
