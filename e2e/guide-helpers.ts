import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORDS, expect, giveSensitiveDataConsent, signUpByApi } from './fixtures';
import { freeSlot } from './slots';

/**
 * Set-up through the API for specs that need a guide of their own (the seeded ones are shared by
 * every spec).
 */

// A 2×2 PNG: the server re-encodes it, so any real image works.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYPj/n4Hh//8/DAwMDAwAX4kF+3CzUKoAAAAASUVORK5CYII=',
  'base64',
);
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signup(
  request: APIRequestContext,
  fullName: string,
): Promise<{ username: string; password: string; token: string }> {
  const { username, password, token } = await signUpByApi(request, { prefix: 'j', fullName, locale: 'zh-CN' });
  return { username, password, token };
}

/** A complete application for Nara with one qualification photo, submitted, then approved by the demo admin. */
export async function approvedApplicant(request: APIRequestContext, name: string) {
  const applicant = await signup(request, name);
  const categories = await (await request.get('/api/v2/service-categories')).json();
  const subcategoryId = categories.data?.[0]?.subcategories?.[0]?.id ?? categories[0].subcategories[0].id;
  const draft = await request.put('/api/v2/guide-applications/draft', {
    headers: auth(applicant.token),
    data: {
      data: {
        name,
        age: 31,
        gender: 'female',
        serviceCities: ['nara'],
        residenceArea: '奈良市登大路町',
        residenceZipcode: '630-8213',
        residenceSince: '2018-04',
        occupation: '日语教师',
        bio: '在奈良住了八年，带你慢慢走东大寺和春日大社的小路。',
        languages: ['zh', 'ja'],
        experienceMonths: 30,
        sessionCount: 60,
        ethicsScore: 8,
        ethicsDescription: '价格透明，不推销',
        boundaryScore: 6,
        boundaryDescription: '按约定的时间和内容服务',
        supportiveScore: 7,
        supportiveDescription: '照顾老人和孩子的节奏',
        interaction: '边走边聊',
        favoriteSpot: '二月堂的夕阳',
        boundaryResponse: '礼貌地说明',
        emotionalHandling: '先倾听',
        selfSymbol: '一头小鹿',
        targetGroups: ['couple', 'family'],
        minPeople: 1,
        maxPeople: 4,
        minDurationHours: 2,
        maxDurationHours: 6,
        currency: 'CNY',
        basicPricePerHourCents: 30_000,
        additionalPricePerPersonCents: 5_000,
        subcategoryIds: [subcategoryId],
      },
    },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  const upload = await request.post('/api/v2/guide-applications/documents', {
    headers: auth(applicant.token),
    multipart: { description: '导游资格证书', file: { name: 'licence.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const submitted = await request.post('/api/v2/guide-applications/submit', {
    headers: auth(applicant.token),
    data: { declaration: true },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  const admin = await (
    await request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORDS.admin } })
  ).json();
  const approved = await request.post(`/api/admin/applications/${(await submitted.json()).id}/approve`, {
    headers: auth(admin.token),
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return applicant;
}

/** The user's identity check through the API: a passport scan and a selfie, submitted, approved by the demo admin. */
export async function verifiedIdentity(request: APIRequestContext, token: string) {
  await giveSensitiveDataConsent(request, token);
  const upload = await request.post('/api/v2/identity-verification', {
    headers: auth(token),
    multipart: {
      documentKind: 'passport',
      document: { name: 'passport.png', mimeType: 'image/png', buffer: PNG },
      selfie: { name: 'selfie.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const submitted = await request.post('/api/v2/identity-verification/submit', { headers: auth(token), data: {} });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const admin = await (
    await request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORDS.admin } })
  ).json();
  const approved = await request.post(`/api/admin/identity/${(await submitted.json()).id}/approve`, {
    headers: auth(admin.token),
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

/** Opens every day, all day, in the guide's zone: any future slot can be booked. */
export async function openAllWeek(request: APIRequestContext, token: string) {
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
  const res = await request.put('/api/v2/guides/me/availability', {
    headers: auth(token),
    data: { weekly, exceptions: [] },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A two-hour booking of this guide by this traveler on the first free day from two days on, paid by
 * card and accepted by the guide. Returns the booking (id, bookingNumber, depositCents…).
 */
export async function acceptedBooking(
  request: APIRequestContext,
  guideId: number,
  guideToken: string,
  travelerToken: string,
) {
  const { date, startTime } = await freeSlot(request, guideId, { fromDay: 2, notBefore: '10:00' });
  const booked = await request.post('/api/v2/bookings', {
    headers: auth(travelerToken),
    data: { guideId, date, startTime, durationHours: 2, travelers: 1, meetingAddress: '奈良公园 东大寺南大门前' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = await booked.json();
  const paid = await request.post(`/api/v2/bookings/${booking.id}/payments`, {
    headers: { ...auth(travelerToken), 'idempotency-key': `e2e-booking-${booking.id}` },
    data: {
      kind: 'deposit',
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/34',
      cvv: '123',
      cardHolder: 'Wang Xiaoming',
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const accepted = await request.post(`/api/v2/bookings/${booking.id}/accept`, { headers: auth(guideToken) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return (await accepted.json()) as { id: number; bookingNumber: string; depositCents?: number };
}

/** The tour day comes: the test server moves the booking to today and the job runner opens it. */
export async function tourDay(request: APIRequestContext, bookingId: number, travelerToken: string) {
  const moved = await request.post('/api/dev/bookings/tour-day', { data: { bookingId } });
  expect(moved.status(), await moved.text()).toBe(200);
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/v2/bookings/${bookingId}`, { headers: auth(travelerToken) })).json()).status,
      { timeout: 20_000 },
    )
    .toBe('awaiting_start');
}
