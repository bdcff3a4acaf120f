import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORDS, expect, gotoInLocale, signUpByApi, test } from './fixtures';
import { auth, openAllWeek } from './guide-helpers';
import { look, word } from './japanese-look';
import { freeSlot } from './slots';

/**
 * A licensed guide's first week, in Japanese on a 375 px phone (decisions 144 and 171): she signs up by
 * phone with her name, family name first; applies with a 全国通訳案内士 licence and that title in her
 * bio, reloads half-way and finds every answer; uploads the front of her My Number Card; is approved
 * and told so by text, having no e-mail; saves her bank account before any booking; and reads a
 * family's instant three-day booking, with their note, under her own name. Every page passes the
 * Japanese look check (`look`): no English left, no sideways scroll, a Japanese face first.
 */
const PHONE = { width: 375, height: 812 };
const FAMILY = '中村';
const GIVEN = '結衣';
const NAME = `${FAMILY} ${GIVEN}`;
const BIO = '京都生まれ、京都育ちの全国通訳案内士です。中国語で、寺社と路地の暮らしをご案内します。';
const NOTE = '孩子7岁，还有一个婴儿，需要推婴儿车。我们住在京都站附近的酒店。';

// A PNG the server can re-encode (any real image works).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYPj/n4Hh//8/DAwMDAwAX4kF+3CzUKoAAAAASUVORK5CYII=',
  'base64',
);

const w = (key: string) => word('guideApplication', key);
const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The texts sent to a number, newest first, from the outbox the test server keeps (GET /api/dev/sms). */
async function texts(request: APIRequestContext, e164: string): Promise<{ id: number; body: string }[]> {
  return (await (await request.get(`/api/dev/sms?to=${encodeURIComponent(e164)}`)).json()).data;
}

async function admin(request: APIRequestContext) {
  return auth(
    (
      await (
        await request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORDS.admin } })
      ).json()
    ).token,
  );
}

test('a licensed guide in Kyoto, in Japanese on her phone: her first week', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ viewport: PHONE, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  // Eight digits after 090, the first from 1 (090-0… is not a mobile number).
  const digits = String(1e7 + (Date.now() % 9e7));
  const e164 = `+8190${digits}`;

  // ---- Sign-up by phone: her name, 姓 before 名, and a welcome (not a welcome back) ----
  await gotoInLocale(page, '/signup', 'ja');
  const phone = page.getByRole('region', { name: word('auth', 'phone.title') });
  await phone.getByRole('combobox', { name: word('common', 'phone.country') }).selectOption('JP');
  await phone.getByLabel(word('common', 'phone.number'), { exact: true }).fill(`090${digits}`);
  await phone.getByRole('button', { name: word('common', 'phone.sendCode') }).click();
  // The number as Japan writes it.
  await expect(phone).toContainText(`090-${digits.slice(0, 4)}-${digits.slice(4)}`);
  let code = '';
  await expect
    .poll(async () => ((code = /\d{6}/.exec((await texts(request, e164))[0]?.body ?? '')?.[0] ?? ''), code))
    .toMatch(/^\d{6}$/);
  expect((await texts(request, e164))[0]!.body).toContain('認証コードは');
  await phone.getByLabel(word('common', 'phone.code')).fill(code);
  const family = phone.getByLabel(word('auth', 'fields.lastName'), { exact: true });
  const given = phone.getByLabel(word('auth', 'fields.firstName'), { exact: true });
  expect(
    (await family.boundingBox())!.y + 1 < (await given.boundingBox())!.y ||
      (await family.boundingBox())!.x < (await given.boundingBox())!.x,
    '姓 comes before 名',
  ).toBe(true);
  await family.fill(FAMILY);
  await given.fill(GIVEN);
  for (const box of await phone.getByRole('checkbox').all()) await box.check();
  await look(page, 'week-signup');
  await phone.getByRole('button', { name: word('auth', 'phone.continue') }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(word('auth', 'signup.successBody').replace('{{name}}', NAME))).toBeVisible();
  const me = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('tabi.user') ?? 'null') as {
        username: string;
        fullName: string;
        email: string | null;
      },
  );
  expect(me).toMatchObject({ fullName: NAME, email: null });
  const token = (await page.evaluate(() => localStorage.getItem('tabi.token')))!;

  // ---- The application, page 1, with her licence declared; saved as she types ----
  await page.goto('/become-guide');
  await expect(page.getByRole('heading', { level: 1, name: w('page.title') })).toBeVisible();
  await expect(byLabel(page, w('fields.name'))).toHaveValue(NAME);
  await byLabel(page, w('fields.age')).fill('38');
  await byLabel(page, w('fields.gender')).selectOption('female');
  await byLabel(page, w('fields.occupation')).fill('通訳案内士');
  await byLabel(page, w('fields.bio')).fill(BIO);
  const languages = page.locator('[data-field="languages"]');
  await languages.getByRole('checkbox', { name: w('languages.zh'), exact: true }).check();
  await languages.getByRole('checkbox', { name: w('languages.ja'), exact: true }).check();
  await page.locator('[data-field="serviceCities"]').getByRole('checkbox', { name: '京都', exact: true }).check();
  await byLabel(page, w('fields.residenceArea')).fill('京都府京都市中京区');
  await byLabel(page, w('fields.residenceZipcode')).fill('6048005');
  await expect(byLabel(page, w('fields.residenceZipcode'))).toHaveValue('604-8005');
  const since = page.locator('[data-field="residenceSince"]');
  await since.getByLabel(w('fields.residenceYear'), { exact: true }).selectOption('2010');
  await since.getByLabel(w('fields.residenceMonth'), { exact: true }).selectOption('04');
  const experience = page.locator('[data-field="experienceMonths"]');
  await experience.getByLabel(w('fields.experienceYears'), { exact: true }).fill('6');
  await experience.getByLabel(w('fields.experienceMonthsPart'), { exact: true }).fill('0');
  await byLabel(page, w('fields.sessionCount')).fill('300');
  await page
    .getByLabel(w('fields.documents'), { exact: true })
    .setInputFiles({ name: 'licence-card.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('documents-count')).toHaveText(
    w('documents.count').replace('{{count}}', '1').replace('{{max}}', '5'),
  );
  const description = page.getByLabel(w('documents.description').replace('{{name}}', 'licence-card.png'), {
    exact: true,
  });
  await description.fill('全国通訳案内士登録証');
  await description.blur();
  const licence = page.locator('[data-field="licence"]');
  await licence.getByLabel(w('licence.kind'), { exact: true }).selectOption('national');
  await licence.getByLabel(word('licences', 'editor.number'), { exact: true }).fill('京都府知事登録 第1234号');
  await licence.getByLabel(word('licences', 'editor.prefecture'), { exact: true }).selectOption('kyoto');
  await licence.getByRole('checkbox', { name: w('languages.zh'), exact: true }).check();
  await licence
    .getByLabel(w('licence.card'), { exact: true })
    .selectOption({ label: 'licence-card.png · 全国通訳案内士登録証' });
  // Saved by itself: no button pressed. The title in her bio is covered by the declared licence.
  await expect(page.getByTestId('save-state')).toHaveText(/下書きを保存しました/);
  await expect(page.locator('[data-field="bio"]')).not.toContainText('全国通訳案内士」は');
  await look(page, 'week-application-page1');

  // ---- A reload half-way: everything is back from the server ----
  await page.reload();
  await expect(byLabel(page, w('fields.bio'))).toHaveValue(BIO);
  await expect(byLabel(page, w('fields.residenceZipcode'))).toHaveValue('604-8005');
  await expect(licence.getByLabel(w('licence.kind'), { exact: true })).toHaveValue('national');
  await expect(licence.getByLabel(word('licences', 'editor.number'), { exact: true })).toHaveValue(
    '京都府知事登録 第1234号',
  );
  await expect(licence.getByLabel(word('licences', 'editor.prefecture'), { exact: true })).toHaveValue('kyoto');
  await expect(licence.getByRole('checkbox', { name: w('languages.zh'), exact: true })).toBeChecked();
  await expect(page.getByTestId('documents-count')).toHaveText(
    w('documents.count').replace('{{count}}', '1').replace('{{max}}', '5'),
  );

  // ---- Pages 2–4 ----
  await page.getByRole('button', { name: w('nav.next'), exact: true }).click();
  for (const [score, text] of [
    ['ethicsScore', 'ethicsDescription'],
    ['boundaryScore', 'boundaryDescription'],
    ['supportiveScore', 'supportiveDescription'],
  ] as const) {
    await page
      .getByRole('group', { name: w(`fields.${score}`), exact: true })
      .getByRole('radio', { name: '8', exact: true })
      .check({ force: true });
    await byLabel(page, w(`fields.${text}`)).fill('料金は最初にすべてお伝えし、お店への誘導はしません。');
  }
  await page.getByRole('button', { name: w('nav.next'), exact: true }).click();
  for (const key of ['interaction', 'favoriteSpot', 'boundaryResponse', 'emotionalHandling', 'selfSymbol'])
    await byLabel(page, w(`fields.${key}`)).fill('ゆっくり歩きながら、町の話をします。');
  await page.getByRole('button', { name: w('nav.next'), exact: true }).click();
  await page
    .locator('[data-field="targetGroups"]')
    .getByRole('checkbox', { name: w('targetGroups.family'), exact: true })
    .check();
  await byLabel(page, w('fields.minPeople')).fill('1');
  await byLabel(page, w('fields.maxPeople')).fill('6');
  await byLabel(page, w('fields.minDurationHours')).fill('2');
  await byLabel(page, w('fields.maxDurationHours')).fill('8');
  await byLabel(page, w('fields.basicPricePerHourCents')).fill('4000');
  await page.locator('[data-field="subcategoryIds"] input[type=checkbox]').first().check();
  await look(page, 'week-application-page4');
  await page.getByRole('button', { name: w('nav.preview'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: w('preview.title') })).toBeVisible();
  await page.getByRole('checkbox', { name: w('preview.declaration') }).check();
  await look(page, 'week-application-preview');
  await page.getByRole('button', { name: w('nav.submit') }).click();
  await expect(page).toHaveURL(/\/application-status$/);
  // She has no e-mail: nothing promises her one.
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'submitted');
  await expect(page.locator('main')).not.toContainText('メール');
  await look(page, 'week-application-status');

  // ---- Identity: the front of her My Number Card ----
  await page.goto('/verify-identity');
  const consent = page.getByTestId('identity-consent');
  await expect(consent).toContainText('個人情報の保護に関する法律');
  await consent.getByRole('checkbox').check();
  await consent.getByRole('button', { name: word('identity', 'consent.submit') }).click();
  await expect(consent).toHaveCount(0);
  await page.getByLabel(word('identity', 'kind.label')).selectOption('my_number_card');
  await expect(page.getByText(word('identity', 'kind.myNumberFront'))).toBeVisible();
  await page
    .getByTestId('identity-input-document')
    .setInputFiles({ name: 'mynumber-front.png', mimeType: 'image/png', buffer: PNG });
  await page
    .getByTestId('identity-input-selfie')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
  await look(page, 'week-identity');
  await page.getByRole('button', { name: word('identity', 'submit.button') }).click();
  await expect(page.getByTestId('identity-status')).toHaveAttribute('data-status', 'submitted');

  // ---- The team approves both; she is told by text ----
  const team = await admin(request);
  const application = (await (
    await request.get('/api/v2/guide-applications/status', { headers: auth(token) })
  ).json()) as { applicationId: number };
  expect(
    (await request.post(`/api/admin/applications/${application.applicationId}/approve`, { headers: team })).status(),
  ).toBe(200);
  const identity = (await (await request.get('/api/v2/identity-verification', { headers: auth(token) })).json()) as {
    id: number;
  };
  expect((await request.post(`/api/admin/identity/${identity.id}/approve`, { headers: team })).status()).toBe(200);
  await expect
    .poll(async () => (await texts(request, e164)).map((t) => t.body).join('\n'), { timeout: 20_000 })
    .toContain('【Tabi Guides】ガイドの申請が承認されました 詳細：');
  await expect
    .poll(async () => (await texts(request, e164)).map((t) => t.body).join('\n'), { timeout: 20_000 })
    .toContain('【Tabi Guides】本人確認が完了しました 詳細：');
  // Japanese throughout: nothing but the brand and the link is in Latin letters.
  expect(
    (await texts(request, e164)).map((t) => t.body.replace('Tabi Guides', '').replace(/https?:\S+/, '')).join(''),
  ).not.toMatch(/[A-Za-z]{3,}/);

  // ---- Her bank account, saved before any booking ----
  await page.goto('/profile');
  const account = page.getByTestId('payout-account');
  await expect(account).toContainText(word('wallet', 'account.empty'));
  await account.getByRole('button', { name: word('wallet', 'account.add') }).click();
  await expect(account.getByLabel('出金先')).toHaveValue('bank');
  await account.getByLabel('口座名義', { exact: true }).fill(NAME);
  await account.getByLabel(word('wallet', 'bank.searchBank'), { exact: false }).fill('三井住友銀行');
  await account.getByRole('button', { name: /0009/ }).click();
  await account.getByLabel(word('wallet', 'bank.searchBranch'), { exact: false }).fill('京都');
  await account.getByRole('button', { name: /京都/ }).first().click();
  await account.getByLabel(/口座番号/).fill('1234567');
  await account.getByLabel(word('wallet', 'bank.holderKana'), { exact: false }).fill('ナカムラ ユイ');
  await look(page, 'week-payout-account-form');
  await account.getByRole('button', { name: word('wallet', 'account.save') }).click();
  await expect(account.getByTestId('account-line')).toContainText('三井住友');
  await expect(account).not.toContainText('1234567');
  await look(page, 'week-payout-account');

  // ---- Bookable at once, in yen, for families ----
  const listing = (await (await request.get('/api/guides/me', { headers: auth(token) })).json()).id as number;
  await openAllWeek(request, token);
  const rates = await request.put('/api/v2/guides/me/rates', {
    headers: auth(token),
    data: {
      currency: 'JPY',
      basicPricePerHourCents: 4000,
      additionalPricePerPersonCents: 1000,
      minPeople: 1,
      maxPeople: 6,
      minDurationHours: 2,
      maxDurationHours: 8,
      childPriceRate: 0.5,
      instantBook: true,
      minNoticeHours: 24,
      services: [],
    },
  });
  expect(rates.status(), await rates.text()).toBe(200);

  // ---- A family's instant booking of three days, with their note ----
  const traveler = await signUpByApi(request, { prefix: 'jw', fullName: '王芳', locale: 'zh-CN' });
  const slot = await freeSlot(request, listing, { hours: 8, days: 3, fromDay: 10 });
  const booked = await request.post('/api/v2/bookings', {
    headers: auth(traveler.token),
    data: {
      guideId: listing,
      date: slot.date,
      days: 3,
      dayStartTime: slot.startTime,
      adults: 2,
      children: 1,
      infants: 1,
      meetingAddress: '京都站 八条口',
      notes: NOTE,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = await booked.json();
  const paid = await request.post(`/api/v2/bookings/${booking.id}/payments`, {
    headers: { ...auth(traveler.token), 'idempotency-key': `week-${booking.id}` },
    data: {
      kind: 'deposit',
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/34',
      cvv: '123',
      cardHolder: 'Wang Fang',
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // ---- She reads it under her own name, in Japanese ----
  await page.goto('/guide-dashboard?tab=tours');
  const card = page.locator(`#booking-${booking.id}`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('3日間 × 8時間');
  await expect(card).toContainText('王芳');
  await expect(card.getByText(NOTE)).toHaveAttribute('lang', /^zh/);
  // What she receives, in yen, as the server counts it.
  const mine = (await (await request.get(`/api/v2/bookings/${booking.id}`, { headers: auth(token) })).json()) as {
    guideNetCents: number;
  };
  expect(mine.guideNetCents).toBeGreaterThan(0);
  await expect(card).toContainText(`${mine.guideNetCents.toLocaleString('ja-JP')}円`);
  await look(page, 'week-booking');
  for (const text of [await page.locator('body').innerText()]) {
    expect(text).not.toContain(me.username);
    expect(text).not.toContain(traveler.username);
  }

  // Travelers find her under the name she gave, never a generated one.
  await page.goto(`/guides/${listing}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(NAME);
  expect(await page.locator('body').innerText()).not.toContain(me.username);
  await look(page, 'week-profile');
  await context.close();
});
