import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('GET /healthz answers ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('stopping, refuses what a retrying balancer passes on (GET, HEAD) and serves the rest', async () => {
    const other = await createTestApp();
    try {
      other.app.readiness.draining = true;
      const balancer = { 'x-balancer-retries': 'idempotent' };
      const get = await other.app.inject({ method: 'GET', url: '/api/v2/cities', headers: balancer });
      expect(get.statusCode).toBe(503);
      expect(get.json()).toMatchObject({ code: 'unavailable', message: 'This instance is shutting down' });
      expect(get.headers.connection).toBe('close');
      expect((await other.app.inject({ method: 'HEAD', url: '/healthz', headers: balancer })).statusCode).toBe(503);
      // A POST is never refused: the balancer would not pass it on.
      const post = await other.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: balancer,
        payload: { username: 'nobody', password: 'wrong-password' },
      });
      expect(post.statusCode).toBe(401);
      // Straight to the instance (no balancer's word): served until the port closes.
      expect((await other.app.inject({ method: 'GET', url: '/api/v2/cities' })).statusCode).toBe(200);
      expect((await other.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      await other.close();
    }
  });

  it('GET /readyz is 503 with a stable code when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'unavailable' });
    await other.close();
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL connection loss', () => {
  it('survives the server ending idle pooled connections, and reconnects', async () => {
    const other = await createTestApp();
    try {
      expect((await other.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const rows = await other.database.db.execute(sql`select current_database() as name`);
      const name = (rows as unknown as { rows: { name: string }[] }).rows[0]!.name;
      // What a database restart does to idle connections: without a pool error listener this
      // is an uncaught 'error' event, which fails the whole run.
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
        name,
      ]);
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 200));
      expect((await other.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
