import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationData, ApplicationLicence } from '../../../shared/schemas/guide-applications';
import {
  guideApplicationDocuments,
  guideCredentials,
  guides,
  serviceSubcategories,
  users,
} from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';
import { complete, PDF, uploadDocument } from './test-helpers';

/**
 * A licensed guide applies with her licence (decision 171): her answers that name the title are
 * saved as typed, the title is refused on submit until a licence that covers it is declared whole,
 * and the approval makes that licence her verified one, with its own copy of the card.
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
const submit = (p: Person) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/guide-applications/submit',
    headers: auth(p.token),
    payload: { declaration: true },
  });
const japanese = async (p: Person) => t.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, p.id));
const whole = (): ApplicationData => ({ ...complete(), subcategoryIds });
const titled = (): ApplicationData => ({
  ...whole(),
  name: '岡田 真司',
  bio: '全国通訳案内士（中国語）として京都を16年案内しています。',
});

describe('a licence declared in the application', () => {
  it('keeps a draft that names the title, refuses it on submit in her language with what to do, until the licence is declared whole', async () => {
    const p = await person(t);
    await japanese(p);
    const saved = await save(p, titled());
    expect(saved.statusCode, saved.body).toBe(200);
    // The reply names the title on its field, in her language, with what to do.
    expect(saved.json().titleProblems).toEqual([
      { path: 'data.bio', message: expect.stringContaining('「全国通訳案内士」') },
    ]);
    // Another device reads it back as typed.
    const again = await t.app.inject({ url: '/api/v2/guide-applications/draft', headers: auth(p.token) });
    expect(again.json().data.bio).toBe(titled().bio);
    const card = await uploadDocument(t, p, PDF, 'card.pdf', 'application/pdf', '全国通訳案内士登録証');
    expect(card.statusCode, card.body).toBe(201);
    const documentId = card.json().documents[0].id as number;

    const refused = await submit(p);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'protected_title' });
    expect(refused.json().fields).toEqual([
      { path: 'data.bio', message: '全国通訳案内士' },
      { path: 'documents.0.description', message: '全国通訳案内士' },
    ]);
    expect(refused.json().message).toContain('「通訳案内士の資格」で資格を申告してください');

    // Half a licence: each missing part named.
    expect((await save(p, { ...titled(), licence: { kind: 'national' } })).statusCode).toBe(200);
    const half = await submit(p);
    expect(half.json().code).toBe('application_incomplete');
    expect(half.json().fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining([
        'data.licence.registrationNumber',
        'data.licence.prefecture',
        'data.licence.languages',
        'data.licence.documentId',
      ]),
    );
    // A regional licence does not cover the national title.
    const regional: ApplicationLicence = {
      kind: 'regional',
      region: '京都市',
      registrationNumber: '京都市 第42号',
      prefecture: 'kyoto',
      languages: ['zh'],
      documentId,
    };
    expect((await save(p, { ...titled(), licence: regional })).statusCode).toBe(200);
    expect((await submit(p)).json().code).toBe('protected_title');
    // Someone else's document is not her card.
    expect(
      (await save(p, { ...titled(), licence: { ...regional, kind: 'national', documentId: documentId + 1000 } }))
        .statusCode,
    ).toBe(200);
    expect((await submit(p)).json()).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'data.licence.documentId' }],
    });

    const national: ApplicationLicence = {
      kind: 'national',
      registrationNumber: '京都府 第2010-0042号',
      prefecture: 'kyoto',
      languages: ['zh', 'en'],
      documentId,
    };
    const covered = await save(p, { ...titled(), licence: national });
    expect(covered.statusCode).toBe(200);
    expect(covered.json().titleProblems).toEqual([]);
    const ok = await submit(p);
    expect(ok.statusCode, ok.body).toBe(200);

    // Approved: the licence is hers and verified, the card a copy of her document, the title on her listing.
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${ok.json().id}/approve`,
      headers: auth(admin.token),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [guide] = await t.database.db.select().from(guides).where(eq(guides.userId, p.id));
    expect(guide).toMatchObject({ licenceKind: 'national', bio: titled().bio });
    const [credential] = await t.database.db
      .select()
      .from(guideCredentials)
      .where(eq(guideCredentials.guideId, guide!.id));
    expect(credential).toMatchObject({
      type: 'licence',
      status: 'verified',
      licenceKind: 'national',
      registrationNumber: '京都府 第2010-0042号',
      prefecture: 'kyoto',
      languages: ['zh', 'en'],
      reviewedBy: admin.id,
      fileType: 'application/pdf',
    });
    expect(credential!.fileKey).toMatch(/^private-credentials\//);
    const file = await t.app.inject({ url: '/api/v2/guide/credentials/licence/file', headers: auth(p.token) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });

  it('a declared licence whose card can no longer be read stops the approval (409) rather than being dropped', async () => {
    const p = await person(t);
    const card = await uploadDocument(t, p, PDF, 'card.pdf', 'application/pdf', '登録証');
    const documentId = card.json().documents[0].id as number;
    const licence: ApplicationLicence = {
      kind: 'national',
      registrationNumber: '京都府 第2011-0007号',
      prefecture: 'kyoto',
      languages: ['zh'],
      documentId,
    };
    expect((await save(p, { ...titled(), licence })).statusCode).toBe(200);
    const ok = await submit(p);
    expect(ok.statusCode, ok.body).toBe(200);
    const [doc] = await t.database.db
      .select({ key: guideApplicationDocuments.storageKey })
      .from(guideApplicationDocuments)
      .where(eq(guideApplicationDocuments.id, documentId));
    await t.app.storage.delete(doc!.key);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${ok.json().id}/approve`,
      headers: auth(admin.token),
    });
    expect(refused.statusCode).toBe(409);
    expect(await t.database.db.select().from(guides).where(eq(guides.userId, p.id))).toEqual([]);
  });

  it('an application without a licence and without a title submits as before', async () => {
    const p = await person(t);
    expect((await save(p, whole())).statusCode).toBe(200);
    expect((await uploadDocument(t, p, PDF, 'first-aid.pdf', 'application/pdf')).statusCode).toBe(201);
    expect((await submit(p)).statusCode).toBe(200);
  });
});
