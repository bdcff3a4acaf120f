import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { consentToSensitiveData, nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { multipartBody, type Part } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';

/** Test-only helpers for the identity verification suites (identity.test.ts, identity-review.test.ts). */
export interface IdentityFixture {
  t: TestApp;
  admin: Person;
  PNG: Buffer;
  JPEG: Buffer;
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/**
 * Call at a file's top: its app (made before its tests, closed after) with an admin and two images (a
 * JPEG with an EXIF artist), and the calls the tests make. The state lives in this call, not in the
 * module: the API files share a worker's modules (vitest.config.ts).
 */
export function identitySuite() {
  const fixture = {} as IdentityFixture;
  beforeAll(async () => {
    fixture.t = await createTestApp({ seed: 'none' });
    fixture.admin = await person(fixture.t, { admin: true });
    fixture.PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    fixture.JPEG = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#a73' } })
      .withMetadata({ exif: { IFD0: { Artist: 'Secret Person' } } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => fixture.t.close());

  function upload(p: Person | undefined, parts: Part[], address = nextAddress()) {
    const { payload, headers } = multipartBody(parts);
    return fixture.t.app.inject({
      method: 'POST',
      url: '/api/v2/identity-verification',
      payload,
      remoteAddress: address,
      headers: { ...(p ? auth(p.token) : {}), ...headers },
    });
  }

  /** A user who has given the sensitive-data consent the uploads need (decision 131). */
  const identityUser = async () => consentToSensitiveData(fixture.t, await person(fixture.t));
  const status = (p: Person) => fixture.t.app.inject({ url: '/api/v2/identity-verification', headers: auth(p.token) });
  const submit = (p: Person, body: Record<string, unknown> = {}) =>
    fixture.t.app.inject({
      method: 'POST',
      url: '/api/v2/identity-verification/submit',
      headers: auth(p.token),
      payload: body,
    });
  const me = (p: Person) => fixture.t.app.inject({ url: '/api/me', headers: auth(p.token) });
  const adminPost = (id: number, action: string, payload?: Record<string, unknown>, who: Person = fixture.admin) =>
    fixture.t.app.inject({
      method: 'POST',
      url: `/api/admin/identity/${id}/${action}`,
      headers: auth(who.token),
      ...(payload ? { payload } : {}),
    });

  const both = (): Part[] => [
    { field: 'documentKind', value: 'passport' },
    { field: 'document', data: PDF, name: 'passport.pdf', type: 'application/pdf' },
    { field: 'selfie', data: fixture.PNG },
  ];

  async function submitted(): Promise<{ p: Person; id: number }> {
    const p = await identityUser();
    expect((await upload(p, both())).statusCode).toBe(200);
    const res = await submit(p);
    expect(res.statusCode, res.body).toBe(200);
    return { p, id: res.json().id };
  }

  return { fixture, upload, identityUser, status, submit, me, adminPost, both, submitted };
}
