import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../db/schema/index';
import { consentToSensitiveData, nextAddress } from '../test/accounts';
import { auth } from '../test/guide-fixtures';
import { multipartBody, type Part } from '../test/multipart';
import { createTestApp, type TestApp } from '../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../modules/bookings/test-helpers';
import { bookingIn } from '../modules/reviews/test-helpers';
import { bankBatch } from '../modules/wallet/test-helpers';
import { contentDisposition } from './private-document';

/**
 * Every route that sends a private file (its 200 is a file and it is not one of the public ones
 * below) answers with sendPrivateFile's one header policy. A new file route fails the first test
 * until it has a case here.
 */
let t: TestApp;
let admin: Person;
let PNG: Buffer;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** File routes that are public by design: generated portraits, a secret-URL calendar feed, crawlers' files. */
const PUBLIC_FILE_ROUTES = ['/api/v2/avatars/{file}', '/api/ical/{file}', '/robots.txt', '/sitemap.xml'];

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

function post(who: Person, url: string, parts: Part[]) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: nextAddress(),
    headers: { ...auth(who.token), ...headers },
  });
}

async function ok(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

interface Fetched {
  url: string;
  who: Person;
  /** The Content-Disposition the route gave before it used sendPrivateFile. */
  disposition: string;
}

/** For each private file route (OpenAPI path): how to make a file and fetch it. */
const ROUTES: Record<string, () => Promise<Fetched>> = {
  '/api/v2/identity-verification/files/{kind}': async () => {
    const p = await consentToSensitiveData(t, await person(t));
    await ok(await post(p, '/api/v2/identity-verification', [{ field: 'selfie', data: PNG }]));
    return {
      url: '/api/v2/identity-verification/files/selfie',
      who: p,
      disposition: 'attachment; filename="identity-selfie.webp"',
    };
  },
  '/api/admin/identity/{id}/files/{kind}': async () => {
    const p = await consentToSensitiveData(t, await person(t));
    await ok(
      await post(p, '/api/v2/identity-verification', [
        { field: 'documentKind', value: 'passport' },
        { field: 'document', data: PDF, name: 'id.pdf', type: 'application/pdf' },
        { field: 'selfie', data: PNG },
      ]),
    );
    const body = await ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/identity-verification/submit',
        headers: auth(p.token),
        payload: {},
      }),
    );
    return {
      url: `/api/admin/identity/${body.id}/files/document`,
      who: admin,
      disposition: 'attachment; filename="identity-document.pdf"',
    };
  },
  '/api/v2/guide/credentials/{type}/file': async () => {
    const g = await guidePerson(t);
    await ok(
      await post(g, '/api/v2/guide/credentials/insurance', [
        { field: 'insurer', value: 'Tokio Marine' },
        { field: 'validUntil', value: daysAhead(200) },
        { field: 'file', data: PNG },
      ]),
    );
    return {
      url: '/api/v2/guide/credentials/insurance/file',
      who: g,
      disposition: 'attachment; filename="credential.webp"',
    };
  },
  '/api/admin/credentials/{id}/file': async () => {
    const g = await guidePerson(t);
    const body = await ok(
      await post(g, '/api/v2/guide/credentials/insurance', [
        { field: 'insurer', value: 'Tokio Marine' },
        { field: 'validUntil', value: daysAhead(200) },
        { field: 'file', data: PDF, type: 'application/pdf' },
      ]),
    );
    return {
      url: `/api/admin/credentials/${body.insurance.id}/file`,
      who: admin,
      disposition: 'attachment; filename="credential.pdf"',
    };
  },
  '/api/v2/disputes/{id}/evidence/{evidenceId}': async () => {
    const traveler = await person(t);
    const g = await guidePerson(t);
    const bookingId = await bookingIn(t, traveler, g, daysAhead(30), 'ongoing');
    const dispute = await ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/disputes',
        headers: auth(traveler.token),
        payload: { bookingId, reason: 'The guide never came' },
      }),
    );
    const body = await ok(
      await post(traveler, `/api/v2/disputes/${dispute.id}/evidence`, [
        { field: 'file', data: PDF, name: '領収書 "1".pdf', type: 'application/pdf' },
      ]),
    );
    // The evidence reply once had neither the sandbox nor CORP, and put the name percent-encoded in quotes.
    return {
      url: body.evidence[0].url,
      who: g,
      disposition: `attachment; filename="${encodeURIComponent(body.evidence[0].fileName)}"`,
    };
  },
  '/api/v2/bookings/{id}/payment-proof/file': async () => {
    const traveler = await person(t);
    const g = await guidePerson(t);
    const id = await bookingIn(t, traveler, g, daysAhead(31), 'ongoing');
    const body = await ok(
      await post(traveler, `/api/v2/bookings/${id}/payment-proof`, [{ field: 'file', data: PNG, name: 'receipt.png' }]),
    );
    return { url: body.proof.fileUrl, who: traveler, disposition: 'inline; filename="payment-proof-' };
  },
  '/api/v2/guide-applications/documents/{id}/file': async () => {
    const p = await person(t);
    const body = await ok(
      await post(p, '/api/v2/guide-applications/documents', [
        { field: 'description', value: 'First-aid certificate' },
        { field: 'file', data: PNG },
      ]),
    );
    const doc = body.documents[0];
    return {
      url: `/api/v2/guide-applications/documents/${doc.id}/file`,
      who: p,
      disposition: `inline; filename="qualification-${doc.id}.webp"`,
    };
  },
  '/api/admin/payout-batches/{id}/zengin': async () => {
    const batch = await bankBatch(t, admin);
    return {
      url: `/api/admin/payout-batches/${batch.id}/zengin`,
      who: admin,
      disposition: `attachment; filename="zengin-${batch.id}-`,
    };
  },
  '/api/v2/bookings/{id}/pdf': async () => {
    const traveler = await person(t);
    const g = await guidePerson(t);
    const id = await confirmedBooking(t, traveler, g.guideId, daysAhead(32));
    return { url: `/api/v2/bookings/${id}/pdf?lang=en`, who: traveler, disposition: 'inline; filename="Tabi-Guides-' };
  },
  '/api/v2/receipts/{id}/pdf': async () => {
    const traveler = await person(t);
    const g = await guidePerson(t);
    const bookingId = await confirmedBooking(t, traveler, g.guideId, daysAhead(34));
    const list = await ok(
      await t.app.inject({ url: `/api/v2/bookings/${bookingId}/receipts`, headers: auth(traveler.token) }),
    );
    return {
      url: `/api/v2/receipts/${list.receipts[0].id}/pdf?lang=en`,
      who: traveler,
      disposition: 'attachment; filename="Tabi-Guides-R-',
    };
  },
  '/api/v2/wallet/statements/{month}/pdf': async () => {
    const traveler = await person(t);
    const g = await guidePerson(t);
    const bookingId = await confirmedBooking(t, traveler, g.guideId, daysAhead(33));
    // A commission kept in a past month (balanced, as the ledger's trigger demands): that month has a statement.
    const createdAt = new Date('2025-09-10T03:00:00Z');
    await t.database.db.insert(ledgerEntries).values([
      {
        bookingId,
        account: 'platform',
        userId: null,
        kind: 'deposit_release',
        amountCents: -1_000,
        currency: 'CNY',
        createdAt,
      },
      {
        bookingId,
        account: 'guide',
        userId: g.id,
        kind: 'guide_earnings',
        amountCents: 900,
        currency: 'CNY',
        availableAt: createdAt,
        createdAt,
      },
      {
        bookingId,
        account: 'platform',
        userId: null,
        kind: 'commission',
        amountCents: 100,
        currency: 'CNY',
        createdAt,
      },
    ]);
    return {
      url: '/api/v2/wallet/statements/2025-09/pdf?lang=en',
      who: g,
      disposition: 'attachment; filename="Tabi-Guides-statement-2025-09.pdf"',
    };
  },
};

describe('private file routes', () => {
  it('are all listed here: every file route but the public ones', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { format?: string } }> }> }>
      >;
    };
    const fileRoutes = Object.entries(doc.paths)
      .filter(([, ops]) =>
        Object.values(ops).some((op) =>
          Object.values(op.responses?.['200']?.content ?? {}).some((c) => c.schema?.format === 'binary'),
        ),
      )
      .map(([path]) => path);
    expect(fileRoutes.filter((p) => !PUBLIC_FILE_ROUTES.includes(p)).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it.each(Object.keys(ROUTES))('%s sends the one header policy', async (route) => {
    const { url, who, disposition } = await ROUTES[route]!();
    const res = await t.app.inject({ url, headers: auth(who.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const preview = route === '/api/v2/bookings/{id}/pdf';
    expect(res.headers['content-security-policy']).toBe(
      preview ? "default-src 'none'; frame-ancestors 'self'" : "default-src 'none'; sandbox",
    );
    const given = String(res.headers['content-disposition']);
    expect(given).toMatch(/^(inline|attachment); filename="[A-Za-z0-9._-]+"(; filename\*=UTF-8''[A-Za-z0-9._~!%-]+)?$/);
    // A PDF from storage is never inline; only images and the rendered booking PDF are.
    if (res.headers['content-type'] === 'application/pdf' && !preview) expect(given).toMatch(/^attachment;/);
    if (route === '/api/v2/disputes/{id}/evidence/{evidenceId}') {
      expect(given).not.toBe(disposition);
      expect(given).toBe(
        contentDisposition('attachment', decodeURIComponent(disposition.match(/filename="(.*)"$/)![1]!)),
      );
    } else {
      expect(given.startsWith(disposition)).toBe(true);
    }
  });
});

describe('contentDisposition', () => {
  it('keeps a plain name as it was and gives any other an ASCII fallback plus the exact name', () => {
    expect(contentDisposition('attachment', 'payment-proof-TG123.pdf')).toBe(
      'attachment; filename="payment-proof-TG123.pdf"',
    );
    expect(contentDisposition('inline', 'a "b"\r\n.webp')).toBe(
      `inline; filename="a__b___.webp"; filename*=UTF-8''a%20%22b%22%0D%0A.webp`,
    );
    expect(contentDisposition('attachment', '領収書.pdf')).toBe(
      `attachment; filename="___.pdf"; filename*=UTF-8''%E9%A0%98%E5%8F%8E%E6%9B%B8.pdf`,
    );
    expect(contentDisposition('attachment', "it's (1)*.pdf")).toBe(
      `attachment; filename="it_s__1__.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`,
    );
    expect(contentDisposition('attachment', '')).toBe('attachment; filename="file"');
  });
});
