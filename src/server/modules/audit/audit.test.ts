import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { bearer, signUp, type SignedUp } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: SignedUp;
let traveler: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t);
  await t.database.db
    .update(users)
    .set({ isAdmin: true })
    .where(sql`${users.id} = ${admin.id}`);
  traveler = await signUp(t);
});
afterAll(() => t.close());

const log = (query = '', token = admin.token) =>
  t.app.inject({ url: `/api/admin/audit-log${query}`, headers: bearer(token) });

async function supportThread(): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/support/threads',
    headers: bearer(traveler.token),
    payload: { message: 'My refund has not arrived', topic: 'general' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().thread.id;
}

describe('the admin audit log', () => {
  it('records who did what to which record, with before and after, in the order it happened', async () => {
    const id = await supportThread();
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/threads/${id}/messages`,
      headers: bearer(admin.token),
      payload: { body: 'It is on its way.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const close = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/threads/${id}`,
      headers: bearer(admin.token),
      payload: { status: 'closed' },
    });
    expect(close.statusCode, close.body).toBe(200);

    const res = await log(`?entityType=support_thread&entityId=${id}`);
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['support_thread.close', 'support_thread.reply']);
    expect(entries[0]).toMatchObject({
      admin: { id: admin.id, username: admin.username },
      entityType: 'support_thread',
      entityId: id,
      before: { status: 'open' },
      after: { status: 'closed' },
    });
    expect(Date.parse(entries[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('writes no entry when the action fails', async () => {
    const before = (await log('?entityType=support_thread&entityId=987654')).json().entries.length;
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/support/threads/987654',
      headers: bearer(admin.token),
      payload: { status: 'closed' },
    });
    expect(missing.statusCode).toBe(404);
    expect((await log('?entityType=support_thread&entityId=987654')).json().entries.length).toBe(before);
  });

  it('pages newest first with `before`, and filters by admin', async () => {
    for (let i = 0; i < 3; i++)
      await supportThread().then((id) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/admin/support/threads/${id}`,
          headers: bearer(admin.token),
          payload: { status: 'closed' },
        }),
      );
    const first = (await log('?limit=2')).json();
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0].id).toBeGreaterThan(first.entries[1].id);
    const second = (await log(`?limit=2&before=${first.nextBefore}`)).json();
    expect(second.entries[0].id).toBeLessThan(first.entries[1].id);
    expect((await log(`?adminUserId=${traveler.id}`)).json()).toEqual({ entries: [], nextBefore: null });
  });

  it('cannot be edited or removed, not even by SQL', async () => {
    // drizzle wraps the database's error; the trigger's message is its cause.
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'allowed',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(await refusal(sql`update admin_audit_log set note = 'changed'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from admin_audit_log`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate admin_audit_log`)).toMatch(/append-only/);
    expect((await log()).json().entries.length).toBeGreaterThan(0);
  });

  it('is invisible to everyone but admins', async () => {
    expect((await log('', traveler.token)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/audit-log' })).statusCode).toBe(401);
    expect((await log('?limit=0')).statusCode).toBe(400);
  });
});
