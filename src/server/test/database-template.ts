import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { runSeed } from '../db/seed/index';

/**
 * One migrated database (with the reference seed) made once per test run, which every test file's
 * database starts as a copy of: opening a fresh PGlite runs initdb (3–4 s) and the migrations
 * another half second, once per test app; loading a dump takes one second. On a PostgreSQL server
 * the template is a database that CREATE DATABASE … TEMPLATE copies.
 */
export interface DatabaseTemplate {
  /** A PGlite dump's file, or the template database's name on the server. */
  ref: string;
  drop(): Promise<void>;
}

export async function createDatabaseTemplate(serverUrl: string | undefined): Promise<DatabaseTemplate> {
  if (serverUrl) {
    const name = `tabi_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, name) });
    await prepare(database);
    return { ref: name, drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const file = path.join(tmpdir(), `tabi-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  await prepare(database, async (dump) => writeFile(file, Buffer.from(await dump.arrayBuffer())));
  return { ref: file, drop: () => rm(file, { force: true }) };
}

async function prepare(database: Awaited<ReturnType<typeof openDatabase>>, save?: (dump: Blob) => Promise<void>) {
  try {
    await database.migrate();
    await runSeed(database.db, 'none');
    if (save) await save(await database.dump!());
  } finally {
    await database.close();
  }
}

let pgliteDump: Promise<Blob> | undefined;
/** The template's dump, read once per test worker. */
export const readTemplateDump = (file: string) => (pgliteDump ??= readFile(file).then((b) => new Blob([b])));

/** A new database on the server, copied from the template; resolves to its URL and its drop. */
export async function cloneTemplateDatabase(serverUrl: string, template: string) {
  const name = `tabi_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  // A test's commit need not wait for the WAL to reach the disk (0.12–3.7 ms a commit, by machine): a
  // crash of the server is not what these tests are about, and locks, visibility and constraints work
  // the same (scripts/crash-test.ts, which is about crashes, keeps the flush). Not copied by TEMPLATE.
  await adminQuery(serverUrl, `ALTER DATABASE ${name} SET synchronous_commit = off`);
  return {
    url: withDatabase(serverUrl, name),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export async function adminQuery(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function withDatabase(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
