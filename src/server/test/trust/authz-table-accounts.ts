import { jobs, payoutLedgerEntries, withdrawals } from '../../db/schema/index';
import { signUp } from '../accounts';
import { createSession } from '../../modules/auth/index';
import { addItinerary, TEST_SECRET } from '../guide-fixtures';
import { ownersBooking, type AuthzEntry } from './authz-setup';
import type { TrustFixtures } from './fixtures';
import { send } from './fixtures';

/**
 * The authorization table's entries for a guide's business and account (authz-table.ts explains the
 * rules): calendar feed, wallet and payouts, applications, identity, profile and itineraries, the admin
 * console's users, bookings and weather, and licences. authz-table.ts adds them to AUTHZ_TABLE.
 */
export const ACCOUNT_ENTRIES: Record<string, AuthzEntry> = {};

// The account's sessions (decision 185): a session of `f.owner` other than the one each call comes with.
Object.assign(ACCOUNT_ENTRIES, {
  'DELETE /api/me/sessions/{id}': {
    rule: 'owner',
    setup: async (f) => ({
      params: {
        id: (await createSession(f.t.database.db, { userId: f.owner.id, secret: TEST_SECRET, ttlMs: 3_600_000 }))
          .sessionId,
      },
    }),
  },
} satisfies Record<string, AuthzEntry>);

// Guide business: the calendar feed is public to whoever holds its secret URL (a wrong token is 404).
Object.assign(ACCOUNT_ENTRIES, {
  'GET /api/ical/{file}': {
    rule: 'public',
    why: "the guide's secret feed URL is the credential (calendar apps cannot send a bearer token)",
    setup: async (f) => {
      const res = await send(f.t, {
        method: 'GET',
        url: '/api/v2/guides/me/calendar-url',
        token: await f.guide.token(),
      });
      if (res.statusCode !== 200) throw new Error(`calendar url setup failed: ${res.statusCode} ${res.body}`);
      return { params: { file: (res.json().url as string).split('/').pop()! } };
    },
  },
} satisfies Record<string, AuthzEntry>);

// Wallet and payouts (decision 067): a payout request of the guide `f.guide`.
async function guidesWithdrawal(f: TrustFixtures): Promise<number> {
  const db = f.t.database.db;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId: f.guide.id,
        amountCents: 1_000,
        method: 'alipay',
        accountName: 'Guide',
        accountNumber: 'guide@example.com',
      })
      .returning({ id: withdrawals.id });
    await tx.insert(payoutLedgerEntries).values([
      { withdrawalId: row!.id, account: 'guide', userId: f.guide.id, kind: 'withdrawal', amountCents: -1_000 },
      { withdrawalId: row!.id, account: 'payout_hold', userId: null, kind: 'withdrawal', amountCents: 1_000 },
    ]);
    return row!.id;
  });
}
/** A withdrawal an admin approved (through the API), so it can be marked paid. */
async function approvedWithdrawal(f: TrustFixtures): Promise<number> {
  const id = await guidesWithdrawal(f);
  const res = await send(f.t, {
    method: 'POST',
    url: `/api/admin/withdrawals/${id}/approve`,
    token: await f.admin.token(),
  });
  if (res.statusCode !== 200) throw new Error(`withdrawal approval failed: ${res.statusCode} ${res.body}`);
  return id;
}
Object.assign(ACCOUNT_ENTRIES, {
  'GET /api/v2/wallet/withdrawals/{id}': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.stranger, f.otherGuide],
    setup: async (f) => ({ params: { id: await guidesWithdrawal(f) } }),
  },
  'POST /api/admin/withdrawals/{id}/approve': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await guidesWithdrawal(f) } }),
  },
  'POST /api/admin/withdrawals/{id}/paid': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await approvedWithdrawal(f) } }),
  },
  'POST /api/admin/withdrawals/{id}/fail': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await guidesWithdrawal(f) }, body: { reason: 'Account closed' } }),
  },
  'GET /api/admin/withdrawals/{id}/ledger': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await guidesWithdrawal(f) } }),
  },
} satisfies Record<string, AuthzEntry>);

// Guide applications: a qualification document of `f.owner`, and a submitted application of a new user for the admin
// routes.
async function ownersApplicationDocument(f: TrustFixtures): Promise<number> {
  const { ensureApplication, insertDocument } =
    await import('../../modules/guide-applications/guide-applications.repository');
  const db = f.t.database.db;
  const application = await ensureApplication(db, f.owner.id);
  const key = `private-guide-applications/authz-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`;
  await f.t.app.storage.put(key, Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'), 'application/pdf');
  const doc = await insertDocument(db, {
    applicationId: application.id,
    storageKey: key,
    contentType: 'application/pdf',
    sizeBytes: 40,
    fileName: 'licence.pdf',
    description: 'Licence',
  });
  return doc.id;
}
async function submittedApplication(f: TrustFixtures): Promise<number> {
  const { guideApplications } = await import('../../db/schema/index');
  const { makeUser } = await import('../guide-fixtures');
  const db = f.t.database.db;
  const applicant = await makeUser(db, { fullName: 'Applicant Person' });
  const [row] = await db
    .insert(guideApplications)
    .values({
      userId: applicant.id,
      status: 'submitted',
      submittedAt: new Date(),
      data: { name: 'Applicant Person', age: 30, serviceCities: ['tokyo'], basicPricePerHourCents: 20_000 },
    })
    .returning({ id: guideApplications.id });
  return row!.id;
}
const applicationParams = async (f: TrustFixtures) => ({ params: { id: await submittedApplication(f) } });
Object.assign(ACCOUNT_ENTRIES, {
  'PATCH /api/v2/guide-applications/documents/{id}': {
    rule: 'owner',
    setup: async (f) => ({ params: { id: await ownersApplicationDocument(f) }, body: { description: 'JNTO licence' } }),
  },
  'DELETE /api/v2/guide-applications/documents/{id}': {
    rule: 'owner',
    setup: async (f) => ({ params: { id: await ownersApplicationDocument(f) } }),
  },
  'GET /api/v2/guide-applications/documents/{id}/file': {
    rule: 'owner',
    setup: async (f) => ({ params: { id: await ownersApplicationDocument(f) } }),
  },
  'GET /api/admin/applications/{id}': { rule: 'admin', setup: applicationParams },
  'POST /api/admin/applications/{id}/review': { rule: 'admin', setup: applicationParams },
  'POST /api/admin/applications/{id}/approve': { rule: 'admin', setup: applicationParams },
  'POST /api/admin/applications/{id}/reject': {
    rule: 'admin',
    setup: async (f) => ({ ...(await applicationParams(f)), body: { reason: 'Not enough experience' } }),
  },
  'POST /api/admin/applications/{id}/request-changes': {
    rule: 'admin',
    setup: async (f) => ({ ...(await applicationParams(f)), body: { message: 'Add a licence photo' } }),
  },
} satisfies Record<string, AuthzEntry>);

// Identity verification: the owner's ID document and selfie, and a submitted verification of a new user for the admin
// routes.
async function storedIdentityFiles(f: TrustFixtures) {
  const key = (ext: string) => `private-identity/authz-${Date.now()}-${Math.random().toString(36).slice(2)}.${ext}`;
  const documentKey = key('pdf');
  const selfieKey = key('webp');
  await f.t.app.storage.put(documentKey, Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'), 'application/pdf');
  await f.t.app.storage.put(
    selfieKey,
    Buffer.from(
      'RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00',
      'latin1',
    ),
    'image/webp',
  );
  const now = new Date();
  return {
    documentKind: 'passport' as const,
    documentKey,
    documentType: 'application/pdf' as const,
    documentSize: 40,
    documentUploadedAt: now,
    selfieKey,
    selfieType: 'image/webp' as const,
    selfieSize: 34,
    selfieUploadedAt: now,
  };
}
async function ownersIdentityFiles(f: TrustFixtures): Promise<void> {
  const { ensureVerification, update } = await import('../../modules/identity/identity.repository');
  const row = await ensureVerification(f.t.database.db, f.owner.id);
  await update(
    f.t.database.db,
    row.id,
    ['draft', 'rejected', 'changes_requested', 'submitted', 'approved'],
    await storedIdentityFiles(f),
  );
}
async function submittedIdentity(f: TrustFixtures): Promise<number> {
  const { identityVerifications } = await import('../../db/schema/index');
  const { makeUser } = await import('../guide-fixtures');
  const db = f.t.database.db;
  const user = await makeUser(db, { fullName: 'Verifying Person' });
  const [row] = await db
    .insert(identityVerifications)
    .values({ userId: user.id, status: 'submitted', submittedAt: new Date(), ...(await storedIdentityFiles(f)) })
    .returning({ id: identityVerifications.id });
  return row!.id;
}
const identityParams = async (f: TrustFixtures) => ({ params: { id: await submittedIdentity(f) } });
Object.assign(ACCOUNT_ENTRIES, {
  'GET /api/v2/identity-verification/files/{kind}': {
    rule: 'owner',
    setup: async (f) => {
      await ownersIdentityFiles(f);
      return { params: { kind: 'selfie' } };
    },
  },
  'GET /api/admin/identity/{id}': { rule: 'admin', setup: identityParams },
  'GET /api/admin/identity/{id}/files/{kind}': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await submittedIdentity(f), kind: 'document' } }),
  },
  'POST /api/admin/identity/{id}/approve': { rule: 'admin', setup: identityParams },
  'POST /api/admin/identity/{id}/reject': {
    rule: 'admin',
    setup: async (f) => ({ ...(await identityParams(f)), body: { reason: 'The document is unreadable' } }),
  },
  'POST /api/admin/identity/{id}/request-changes': {
    rule: 'admin',
    setup: async (f) => ({ ...(await identityParams(f)), body: { note: 'Please retake the selfie' } }),
  },
} satisfies Record<string, AuthzEntry>);

// Guide profile and itineraries (decision 070): an itinerary of the guide `f.guide`; any other caller's look is 404.
async function guidesItinerary(f: TrustFixtures): Promise<number> {
  return (await addItinerary(f.t.database.db, f.guide.guideId)).id;
}
const itineraryBody = {
  durationHours: 3,
  originalLanguage: 'en',
  stops: [{ time: '10:00' }],
  texts: { en: { title: 'Old town walk', summary: '', stops: [{ title: 'Temple', description: '' }] } },
};
Object.assign(ACCOUNT_ENTRIES, {
  'PUT /api/v2/guides/me/itineraries/{id}': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.stranger, f.otherGuide, f.owner],
    setup: async (f) => ({ params: { id: await guidesItinerary(f) }, body: itineraryBody }),
  },
  'DELETE /api/v2/guides/me/itineraries/{id}': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.stranger, f.otherGuide, f.owner],
    setup: async (f) => ({ params: { id: await guidesItinerary(f) } }),
  },
} satisfies Record<string, AuthzEntry>);

// Admin console: users and bookings. Suspension acts on an account made for the purpose.
async function freshUser(f: TrustFixtures, suspended = false): Promise<number> {
  const { id } = await signUp(f.t);
  if (suspended) {
    const res = await send(f.t, {
      method: 'POST',
      url: `/api/admin/users/${id}/suspend`,
      token: await f.admin.token(),
      body: { reason: 'Fraud check' },
    });
    if (res.statusCode !== 200) throw new Error(`suspension setup failed: ${res.statusCode} ${res.body}`);
  }
  return id;
}
Object.assign(ACCOUNT_ENTRIES, {
  'GET /api/admin/users/{id}': { rule: 'admin', setup: async (f) => ({ params: { id: f.owner.id } }) },
  'POST /api/admin/users/{id}/suspend': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await freshUser(f) }, body: { reason: 'Spam messages' } }),
  },
  'POST /api/admin/users/{id}/reinstate': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await freshUser(f, true) } }),
  },
  'GET /api/admin/bookings/{id}': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) } }),
  },
  // The typhoon rule (decision 093): a warning an admin recorded by hand, lifted by an admin.
  'POST /api/admin/weather-warnings/{id}/lift': {
    rule: 'admin',
    setup: async (f) => {
      const res = await send(f.t, {
        method: 'POST',
        url: '/api/admin/weather-warnings',
        token: await f.admin.token(),
        body: { city: 'nara', code: '03' },
      });
      return { params: { id: res.json().id as number } };
    },
  },
  'POST /api/admin/jobs/{id}/retry': {
    rule: 'admin',
    setup: async (f) => {
      const [job] = await f.t.database.db
        .insert(jobs)
        .values({
          kind: 'trust.dead-letter',
          status: 'failed',
          attempts: 8,
          lastError: 'boom',
          runAt: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: jobs.id });
      return { params: { id: job!.id } };
    },
  },
} satisfies Record<string, AuthzEntry>);

// Licensed guides (decision 092): the guide's own licence card, and a submitted licence of another guide for the admin
// routes.
async function storedCredential(
  f: TrustFixtures,
  guideId: number,
  status: 'submitted' | 'verified' = 'submitted',
): Promise<number> {
  const { guideCredentials } = await import('../../db/schema/index');
  const fileKey = `private-credentials/authz-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`;
  await f.t.app.storage.put(fileKey, Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'), 'application/pdf');
  const values = {
    status,
    licenceKind: 'national' as const,
    registrationNumber: '第1号',
    prefecture: 'tokyo',
    languages: ['en'],
    fileKey,
    fileType: 'application/pdf' as const,
    fileSize: 40,
  };
  const [row] = await f.t.database.db
    .insert(guideCredentials)
    .values({ guideId, type: 'licence', ...values })
    .onConflictDoUpdate({ target: [guideCredentials.guideId, guideCredentials.type], set: values })
    .returning({ id: guideCredentials.id });
  return row!.id;
}
const credentialParams = async (f: TrustFixtures) => ({
  params: { id: await storedCredential(f, f.otherGuide.guideId) },
});
Object.assign(ACCOUNT_ENTRIES, {
  'GET /api/v2/guide/credentials/{type}/file': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.stranger, f.otherGuide],
    setup: async (f) => {
      await storedCredential(f, f.guide.guideId, 'verified');
      return { params: { type: 'licence' } };
    },
  },
  // Each guide submits their own; a traveler is not a guide (403 not_a_guide). The body is not multipart: the owner
  // gets 415, past authorization.
  'POST /api/v2/guide/credentials/{type}': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.stranger],
    strangerStatus: 403,
    setup: async () => ({ params: { type: 'licence' } }),
  },
  'GET /api/admin/credentials/{id}': { rule: 'admin', setup: credentialParams },
  'GET /api/admin/credentials/{id}/file': { rule: 'admin', setup: credentialParams },
  'POST /api/admin/credentials/{id}/verify': { rule: 'admin', setup: credentialParams },
  'POST /api/admin/credentials/{id}/reject': {
    rule: 'admin',
    setup: async (f) => ({ ...(await credentialParams(f)), body: { reason: 'Not in the registry' } }),
  },
} satisfies Record<string, AuthzEntry>);
