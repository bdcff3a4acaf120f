import { afterAll, beforeAll, expect } from 'vitest';
import type { ApplicationData } from '../../../shared/schemas/guide-applications';
import { serviceSubcategories } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';

/** Test-only helpers of the guide application suites (not exported from the module's index). */

/** The smallest PDF the upload accepts. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** Every answer of the four pages, valid: a draft that submits once a file is uploaded. */
export const complete = (): ApplicationData => ({
  name: 'Sato Hana',
  age: 29,
  gender: 'female',
  mbti: 'ENFP',
  socialProfileLink: 'https://example.com/hana',
  serviceCities: ['sapporo'],
  residenceArea: 'Chuo-ku, Sapporo',
  residenceZipcode: '060-0001',
  residenceSince: '2019-04',
  occupation: 'Translator',
  bio: 'I show travelers the snow festival and the best ramen alleys.',
  languages: ['zh', 'ja'],
  experienceMonths: 24,
  sessionCount: 40,
  ethicsScore: 8,
  ethicsDescription: 'Honest pricing',
  boundaryScore: 5,
  boundaryDescription: 'Clear about personal time',
  supportiveScore: 2,
  supportiveDescription: 'Still learning',
  interaction: 'Chatty',
  favoriteSpot: 'Otaru canal',
  boundaryResponse: 'Politely decline',
  emotionalHandling: 'Listen first',
  selfSymbol: 'A lantern',
  targetGroups: ['couple', 'family'],
  minPeople: 1,
  maxPeople: 5,
  minDurationHours: 2,
  maxDurationHours: 6,
  currency: 'CNY',
  basicPricePerHourCents: 27_700,
  additionalPricePerPersonCents: 5_000,
  subcategoryIds: [],
});

/** A qualification file uploaded as the web app sends it (multipart, with its description). */
export function uploadDocument(
  t: TestApp,
  p: Person,
  file: Buffer,
  name: string,
  type: string,
  description = 'First-aid certificate',
) {
  const boundary = 'tabiqualification';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${description}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/guide-applications/documents',
    payload,
    remoteAddress: nextAddress(),
    headers: { ...auth(p.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/**
 * Call at a file's top: its app (made before its tests, closed after) with an admin and a service to
 * offer, and the applicant's steps through the API (guide-applications.test.ts, application-review.test.ts).
 * The state lives in this call, not in the module: the API files share a worker's modules (vitest.config.ts).
 */
export function applicationSuite() {
  const suite = {} as { t: TestApp; admin: Person; subcategoryId: number };
  beforeAll(async () => {
    suite.t = await createTestApp({ seed: 'none' });
    suite.admin = await person(suite.t, { admin: true });
    const [sub] = await suite.t.database.db.select({ id: serviceSubcategories.id }).from(serviceSubcategories).limit(1);
    suite.subcategoryId = sub!.id;
  });
  afterAll(() => suite.t?.close());

  const save = (p: Person, data: ApplicationData) =>
    suite.t.app.inject({
      method: 'PUT',
      url: '/api/v2/guide-applications/draft',
      headers: auth(p.token),
      payload: { data },
    });
  const submit = (p: Person, declaration = true) =>
    suite.t.app.inject({
      method: 'POST',
      url: '/api/v2/guide-applications/submit',
      headers: auth(p.token),
      payload: { declaration },
    });
  const status = (p: Person) =>
    suite.t.app.inject({ url: '/api/v2/guide-applications/status', headers: auth(p.token) });

  const upload = (p: Person, file: Buffer, name: string, type: string, description?: string) =>
    uploadDocument(suite.t, p, file, name, type, description);

  async function submitted(data = complete()): Promise<{ p: Person; id: number }> {
    const p = await person(suite.t);
    expect((await save(p, { ...data, subcategoryIds: [suite.subcategoryId] })).statusCode).toBe(200);
    expect((await upload(p, PDF, 'license.pdf', 'application/pdf')).statusCode).toBe(201);
    const res = await submit(p);
    expect(res.statusCode, res.body).toBe(200);
    return { p, id: res.json().id };
  }

  return { suite, save, submit, status, upload, submitted };
}
