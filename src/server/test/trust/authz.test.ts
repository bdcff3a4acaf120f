import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../test-app';
import { AUTHZ_TABLE } from './authz-table';
import { createTrustFixtures, send, type RouteRequest, type TrustFixtures } from './fixtures';
import { fillPath, queryString, readOperations, UndeclaredStatuses, validValue, type Operation } from './operations';

/**
 * The authorization matrix: every route that takes a resource id is in AUTHZ_TABLE, and behaves
 * as its line says for the owner, for strangers, for visitors and (admin routes) for admins. Plus
 * the authentication sweep: what the OpenAPI document says about tokens is what the routes do.
 */
let t: TestApp;
let f: TrustFixtures;
let ops: Operation[];

let clock: () => Date;
beforeAll(async () => {
  t = await createTestApp();
  f = await createTrustFixtures(t);
  ops = readOperations(t.app);
  clock = t.app.bookings.now;
});
afterAll(() => t?.close());
// An entry's setup may set the app's clock for its calls (a payout rate is entered on a business day).
afterEach(() => {
  if (t) t.app.bookings.now = clock;
});

const DENIED = [401, 403, 404];
/** Every status this suite meets must be one the operation declares; checked last. */
const undeclared = new UndeclaredStatuses();

async function call(op: Operation, req: RouteRequest, token?: string) {
  const body = req.body ?? (op.body ? validValue(op.body) : undefined);
  const res = await send(t, {
    method: op.method,
    url: fillPath(op.path, req.params) + queryString(req.query ?? {}),
    token,
    body,
    headers: req.headers,
  });
  undeclared.check(op, res.statusCode, `${token ? 'with a token' : 'no token'}: ${res.body.slice(0, 80)}`);
  return res;
}

/** Audit entries about a record id (any type: the check compares before and after the call). */
async function auditEntries(entityId: number) {
  if (!Number.isInteger(entityId)) return [];
  return t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, entityId));
}
const auditedWrites = new Set<string>();

describe('authorization table', () => {
  it('lists every route that takes a resource id, and no route that is gone', () => {
    const idRoutes = ops.filter((op) => op.path.includes('{')).map((op) => op.key);
    const missing = idRoutes.filter((key) => !(key in AUTHZ_TABLE));
    const stale = Object.keys(AUTHZ_TABLE).filter((key) => !idRoutes.includes(key));
    expect(missing, 'add these routes to src/server/test/trust/authz-table.ts').toEqual([]);
    expect(stale, 'these table entries name routes that no longer exist').toEqual([]);
  });

  describe.each(Object.entries(AUTHZ_TABLE))('%s', (key, entry) => {
    const op = () => {
      const found = ops.find((o) => o.key === key);
      if (!found) throw new Error(`no such route: ${key}`);
      return found;
    };

    if (entry.rule === 'owner') {
      it("is the owner's alone: strangers get 404, visitors 401", async () => {
        const req = await entry.setup(f);
        const owner = entry.as?.(f) ?? f.owner;
        for (const stranger of entry.strangers?.(f) ?? [f.stranger]) {
          const res = await call(op(), req, await stranger.token());
          expect(res.statusCode, `${stranger.username}: ${res.body}`).toBe(entry.strangerStatus ?? 404);
          expect(res.json().code).toBeTypeOf('string');
        }
        const visitor = await call(op(), req);
        expect(visitor.statusCode, visitor.body).toBe(entry.visitorStatus ?? 401);
        // Last, so a write by the owner cannot hide what a stranger's write did first.
        const own = await call(op(), req, await owner.token());
        expect(DENIED, `the owner was refused: ${own.statusCode} ${own.body}`).not.toContain(own.statusCode);
        expect(own.statusCode).toBeLessThan(500);
      });
    }

    if (entry.rule === 'admin') {
      it('is for admins only: everyone else gets 404, visitors 401', async () => {
        const req = await entry.setup(f);
        for (const someone of [f.owner, f.stranger, f.guide]) {
          const res = await call(op(), req, await someone.token());
          expect(res.statusCode, `${someone.username}: ${res.body}`).toBe(404);
        }
        expect((await call(op(), req)).statusCode).toBe(401);
        const entries = () => auditEntries(Number(req.params?.id));
        const before = await entries();
        const admin = await call(op(), req, await f.admin.token());
        expect(DENIED, `the admin was refused: ${admin.statusCode} ${admin.body}`).not.toContain(admin.statusCode);
        expect(admin.statusCode).toBeLessThan(500);
        // Every admin action that changes something leaves an audit entry by that admin.
        if (op().method !== 'GET' && admin.statusCode < 300) {
          const added = (await entries()).filter((e) => !before.some((b) => b.id === e.id));
          expect(
            added.map((e) => e.adminUserId),
            `${key} wrote no audit entry`,
          ).toContain(f.admin.id);
          auditedWrites.add(key);
        }
      });
    }

    if (entry.rule === 'reseller') {
      it("takes a reseller's key alone: every user's token, the admin's too, and a visitor get 401", async () => {
        const req = await entry.setup(f);
        for (const someone of [f.owner, f.guide, f.admin]) {
          const res = await call(op(), req, await someone.token());
          expect(res.statusCode, `${someone.username}: ${res.body}`).toBe(401);
        }
        expect((await call(op(), { ...req, headers: {} })).statusCode).toBe(401);
        const reseller = await call(op(), req);
        expect(reseller.statusCode, reseller.body).toBe(200);
      });
    }

    if (entry.rule === 'public') {
      it(`is public (${entry.why})`, async () => {
        const res = await call(op(), await entry.setup(f));
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, res.body).toBeLessThan(300);
      });
    }
  });
});

describe('admin audit', () => {
  // Runs after the table: a write the admin could not complete would make its audit check vacuous.
  it('every admin write in the table went through and was audited', () => {
    const writes = Object.entries(AUTHZ_TABLE)
      .filter(([key, entry]) => entry.rule === 'admin' && !key.startsWith('GET '))
      .map(([key]) => key);
    expect(writes.length).toBeGreaterThan(10);
    expect(writes.filter((key) => !auditedWrites.has(key))).toEqual([]);
  });
});

describe('authentication as documented', () => {
  it('every operation that declares a required bearer token answers 401 without one, and every 401 is declared', async () => {
    const undeclared: string[] = [];
    const unguarded: string[] = [];
    for (const op of ops) {
      const params = Object.fromEntries(
        Object.keys(op.pathParams).map((name) => [name, String(validValue(op.pathParams[name], name))]),
      );
      const res = await call(op, { params });
      const code = res.statusCode === 401 ? res.json().code : undefined;
      if ((code === 'unauthorized' || code === 'TOKEN_EXPIRED') && !op.declaresSecurity) undeclared.push(op.key);
      if (op.requiresAuth && res.statusCode !== 401) unguarded.push(`${op.key} → ${res.statusCode}`);
    }
    expect(undeclared, 'these answer 401 but the OpenAPI document declares no security').toEqual([]);
    expect(unguarded, 'these declare a required token but answer without one').toEqual([]);
  });

  it('a garbled or unknown token is a 401 everywhere a token is read', async () => {
    for (const op of ops.filter((o) => o.declaresSecurity)) {
      const params = Object.fromEntries(
        Object.keys(op.pathParams).map((name) => [name, String(validValue(op.pathParams[name], name))]),
      );
      const res = await call(op, { params }, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged');
      expect(res.statusCode, `${op.key}: ${res.body}`).toBe(401);
    }
  });
});

describe('statuses as documented', () => {
  // Runs after the matrix and the sweep above, over every reply they got.
  it('every status the authorization checks met is declared by its operation', () => {
    expect(
      undeclared.size,
      `statuses these operations answer but their OpenAPI entry does not declare:\n${undeclared.list().join('\n')}`,
    ).toBe(0);
  });
});
