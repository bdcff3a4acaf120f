import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationData } from '../../../shared/schemas/guide-applications';
import { serviceSubcategories } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';
import { complete, PDF, uploadDocument } from './test-helpers';

/**
 * The application's 氏名 and the account's name are one field: what she submits is the name travelers
 * and the team read, not a second one kept beside the account's.
 */
let t: TestApp;
let admin: Person;
let subcategoryIds: number[];
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  subcategoryIds = (
    await t.database.db.select({ id: serviceSubcategories.id }).from(serviceSubcategories).limit(1)
  ).map((r) => r.id);
});
afterAll(() => t.close());

const save = (p: Person, data: ApplicationData) =>
  t.app.inject({ method: 'PUT', url: '/api/v2/guide-applications/draft', headers: auth(p.token), payload: { data } });
const me = async (p: Person) =>
  (await t.app.inject({ url: '/api/me', headers: auth(p.token) })).json() as { fullName: string; isGuide: boolean };

describe("the application's name", () => {
  it('becomes the account name on submit, which the approved guide is listed under', async () => {
    const p = await person(t);
    const before = (await me(p)).fullName;
    expect((await save(p, { ...complete(), subcategoryIds, name: '中村 結衣' })).statusCode).toBe(200);
    // A draft changes nothing other people see.
    expect((await me(p)).fullName).toBe(before);
    expect((await uploadDocument(t, p, PDF, 'card.pdf', 'application/pdf')).statusCode).toBe(201);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/v2/guide-applications/submit',
      headers: auth(p.token),
      payload: { declaration: true },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await me(p)).fullName).toBe('中村 結衣');
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${submitted.json().id}/approve`,
      headers: auth(admin.token),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const listing = (await t.app.inject({ url: '/api/guides/me', headers: auth(p.token) })).json() as { id: number };
    const profile = (await t.app.inject({ url: `/api/v2/guides/${listing.id}` })).json() as {
      user: { fullName: string };
    };
    expect(profile.user.fullName).toBe('中村 結衣');
  });

  it('leaves the account name as it was when the submission is refused', async () => {
    const p = await person(t);
    const before = (await me(p)).fullName;
    expect((await save(p, { ...complete(), subcategoryIds, name: '中村 結衣' })).statusCode).toBe(200);
    // Without the declaration: refused, nothing written.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v2/guide-applications/submit',
      headers: auth(p.token),
      payload: { declaration: false },
    });
    expect(refused.json().code).toBe('declaration_required');
    expect((await me(p)).fullName).toBe(before);
  });
});
