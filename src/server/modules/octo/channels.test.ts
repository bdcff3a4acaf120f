import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, channels } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callAs, person, type Person } from '../bookings/test-helpers';
import { keyHashOf } from './channels.service';

/** The admin's resellers of the OCTO API (decision 201): the key answered once, kept as a hash, revoked at once. */
let t: TestApp;
let admin: Person;
let traveler: Person;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  traveler = await person(t);
});
afterAll(() => t.close());

const revoke = (who: Person, id: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/admin/channels/${id}`,
    headers: { authorization: `Bearer ${who.token}` },
  });
const supplier = (key?: string) =>
  t.app.inject({ url: '/api/octo/supplier', headers: key ? { authorization: `Bearer ${key}` } : {} });

describe('an admin’s resellers', () => {
  it('are the admin’s alone: invisible to a traveler (404) and a visitor asked to sign in', async () => {
    expect((await callAs(t, 'POST', '/api/admin/channels', traveler, { name: 'X' })).statusCode).toBe(404);
    expect((await callAs(t, 'GET', '/api/admin/channels', null)).statusCode).toBe(401);
  });

  it('answer the key once, keep only its hash, and never list it', async () => {
    const res = await callAs(t, 'POST', '/api/admin/channels', admin, { name: 'Trip Partner', commissionPercent: 20 });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ name: 'Trip Partner', commissionPercent: 20, revokedAt: null });
    expect(made.apiKey).toMatch(/^octo_[A-Za-z0-9_-]{43}$/);
    expect(made.apiKey.startsWith(made.keyPrefix)).toBe(true);
    const [row] = await t.database.db.select().from(channels).where(eq(channels.id, made.id));
    expect(row!.keyHash).toBe(keyHashOf(made.apiKey));
    expect(JSON.stringify(row)).not.toContain(made.apiKey);
    const list = await callAs(t, 'GET', '/api/admin/channels', admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.apiKey);
    expect(list.json().channels[0]).toMatchObject({ id: made.id, keyPrefix: made.keyPrefix });
    const audit = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityType, 'channel'));
    expect(audit.map((a) => a.action)).toContain('channel.create');
    expect(JSON.stringify(audit)).not.toContain(made.apiKey);
  });

  it('refuse a name missing or a commission over 100 with 400', async () => {
    expect((await callAs(t, 'POST', '/api/admin/channels', admin, {})).statusCode).toBe(400);
    expect(
      (await callAs(t, 'POST', '/api/admin/channels', admin, { name: 'Y', commissionPercent: 101 })).statusCode,
    ).toBe(400);
  });

  it('rotate a key: the new one works, the old one stops at once', async () => {
    const made = (await callAs(t, 'POST', '/api/admin/channels', admin, { name: 'Rotating' })).json();
    expect((await supplier(made.apiKey)).statusCode).toBe(200);
    const rotated = await callAs(t, 'POST', `/api/admin/channels/${made.id}/rotate`, admin);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().apiKey).not.toBe(made.apiKey);
    expect((await supplier(made.apiKey)).statusCode).toBe(401);
    expect((await supplier(rotated.json().apiKey)).statusCode).toBe(200);
  });

  it('revoke a key: it stops working at once, and a second revoke or a rotation is 404', async () => {
    const made = (await callAs(t, 'POST', '/api/admin/channels', admin, { name: 'Leaving' })).json();
    expect((await supplier(made.apiKey)).statusCode).toBe(200);
    const revoked = await revoke(admin, made.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await supplier(made.apiKey)).statusCode).toBe(401);
    expect((await revoke(admin, made.id)).statusCode).toBe(404);
    expect((await callAs(t, 'POST', `/api/admin/channels/${made.id}/rotate`, admin)).statusCode).toBe(404);
    expect((await revoke(admin, 999999)).statusCode).toBe(404);
  });
});
