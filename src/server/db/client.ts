import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { namingClient, StatementNames } from './named-statements';
import * as schema from './schema/index';
import { AppError } from '../lib/app-error';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Runs `fn` in one transaction, handing it the transaction as a `Database`: a transaction is one (its
 * type is a subclass), so repositories take either and no caller casts.
 */
export function inTransaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx));
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Receives NOTIFY payloads of one channel, in commit order. `onGap` runs when notifications may
   * have been missed (a lost listening connection that is back). Resolves to the unsubscribe call.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The embedded database's files as a tarball (PGlite only), for `openDatabase({ loadDataDir })`. */
  dump?(): Promise<Blob>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite persisted in
 * `dataDir` (or in memory when dataDir is 'memory://', for tests), starting from the files of
 * `loadDataDir` (a `dump()`) when given.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    // A connection idle for 10 s (node-postgres's default) was closed, and the next busy moment opened
    // a new one whose first statements took 50–250 ms: a fresh backend loads its catalog caches and
    // prepares our named statements again. The chat bench caught it as a stall some 10 s after a burst
    // (decision 161); five minutes keeps a pool warm through the pauses of ordinary traffic.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      idleTimeoutMillis: 300_000,
      Client: namingClient(new StatementNames()),
    });
    // An idle connection can die (server restart, admin termination, network). node-postgres emits
    // that on the pool; without a listener it would crash the process. The pool replaces the client.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost (the pool reconnects): ${err.message}`));
    const db: Database = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      ping: async () => void (await db.execute(sql`select 1`)),
      listen: (channel, onMessage, onGap) => listenPostgres(opts.databaseUrl!, channel, onMessage, onGap),
      close: once(() => pool.end()),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const client = await PGlite.create(dir, { extensions: { btree_gist }, loadDataDir: opts.loadDataDir });
  const db: Database = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    // One process owns an embedded database, so nothing can be missed: onGap never runs.
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten(); // closing the database ended the subscription
      };
    },
    close: once(() => client.close()),
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would drop the subscription when returned). A lost
 * connection is replaced after a second, then `onGap` tells the caller to catch up.
 */
async function listenPostgres(url: string, channel: string, onMessage: (payload: string) => void, onGap: () => void) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new AppError('internal', `Not a channel name: ${channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => n.channel === channel && onMessage(n.payload ?? ''));
    c.on('error', (err) => console.warn(`PostgreSQL LISTEN connection lost (reconnecting): ${err.message}`));
    c.on('end', () => {
      if (client === c) client = undefined;
      if (!closed) reconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
      throw err;
    }
    client = c;
  };
  const reconnect = () => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (closed) return;
      connect().then(onGap, reconnect);
    }, 1000);
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end();
  };
}

/** Closing twice (a test that closes early, then its cleanup) is harmless. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/** The Postgres error code behind a Drizzle error (23505 unique, 23P01 exclusion), if any. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
}
