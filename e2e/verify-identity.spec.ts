import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORDS, expect, gotoInLocale, signIn, signUpByApi, test } from './fixtures';

/**
 * /verify-identity, in English and Chinese: a fresh user first gives the separate consent to the
 * sensitive-data notice (decision 131) — the uploads are disabled until the unticked box is ticked
 * and the consent recorded, by keyboard — then chooses the document type,
 * uploads a generated PNG ID document and a selfie (previews come from the authorized file URLs),
 * submits and sees 'submitted'; the demo admin approves through the API; the page shows the
 * verified badge and /api/me reports identityVerified. Screenshots at 1280 and 375 px.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-identity';
mkdirSync(SHOTS, { recursive: true });

const TEXT = {
  en: {
    consentTitle: 'Before your first upload: your consent',
    consentBox: /I separately agree that Tabi Guides processes my ID document and selfie/,
    consentSubmit: 'Agree and continue',
    noticeTitle: 'Notice on sensitive personal information',
    title: 'Identity verification',
    kind: 'Document type',
    passport: 'Passport',
    submit: 'Submit for review',
    submitted: 'Submitted: under review',
    verified: 'Verified',
    loggedOut: 'Log in to verify your identity',
    login: 'Log in',
    private: 'only you and Tabi staff',
  },
  'zh-CN': {
    consentTitle: '首次上传前：请表示同意',
    consentBox: /我单独同意 Tabi 日本地陪按照敏感个人信息处理告知所述处理我的身份证件和自拍照/,
    consentSubmit: '同意并继续',
    noticeTitle: '敏感个人信息处理告知',
    title: '身份验证',
    kind: '证件类型',
    passport: '护照',
    submit: '提交审核',
    submitted: '已提交，审核中',
    verified: '已验证',
    loggedOut: '请登录后进行身份验证',
    login: '登录',
    private: '只有您本人和 Tabi 工作人员',
  },
} as const;

/** A passport-like card and a face, drawn as SVG and rendered to PNG (the server re-encodes them). */
async function png(kind: 'document' | 'selfie'): Promise<Buffer> {
  const svg =
    kind === 'document'
      ? `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420"><rect width="640" height="420" rx="24" fill="#1f3a5f"/><rect x="30" y="30" width="580" height="360" rx="16" fill="#f4efe6"/><rect x="60" y="90" width="160" height="200" rx="8" fill="#9fb4c8"/><circle cx="140" cy="160" r="40" fill="#5b6f86"/><rect x="90" y="210" width="100" height="60" rx="30" fill="#5b6f86"/><rect x="260" y="90" width="300" height="24" fill="#1f3a5f"/><rect x="260" y="140" width="240" height="16" fill="#8a8a8a"/><rect x="260" y="175" width="260" height="16" fill="#8a8a8a"/><rect x="260" y="210" width="200" height="16" fill="#8a8a8a"/><rect x="60" y="320" width="520" height="14" fill="#c9c2b5"/><rect x="60" y="345" width="520" height="14" fill="#c9c2b5"/></svg>`
      : `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600"><rect width="480" height="600" fill="#d9e6f2"/><circle cx="240" cy="230" r="110" fill="#e8b98f"/><circle cx="200" cy="215" r="12" fill="#333"/><circle cx="280" cy="215" r="12" fill="#333"/><path d="M195 280 Q240 315 285 280" stroke="#333" stroke-width="8" fill="none"/><rect x="110" y="380" width="260" height="220" rx="110" fill="#3a6ea5"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A full-page screenshot from the top (a sticky header would otherwise be drawn where the page was scrolled to). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function signup(request: APIRequestContext, locale: 'en' | 'zh-CN') {
  const { username, password } = await signUpByApi(request, {
    prefix: 'iv',
    fullName: locale === 'zh-CN' ? '李明' : 'Alex Morgan',
    locale,
  });
  return { username, password };
}

async function approveAsAdmin(request: APIRequestContext, username: string) {
  const admin = await (
    await request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORDS.admin } })
  ).json();
  const headers = { authorization: `Bearer ${admin.token}` };
  const list = await (await request.get('/api/admin/identity?status=submitted&limit=100', { headers })).json();
  const entry = list.data.find((v: { username: string }) => v.username === username);
  expect(entry, 'the submitted verification is in the admin list').toBeTruthy();
  const one = await request.get(`/api/admin/identity/${entry.id}`, { headers });
  // The admin reaches the files through the authorized URLs; nobody else does.
  const file = await request.get((await one.json()).selfie.fileUrl, { headers });
  expect(file.status()).toBe(200);
  expect(file.headers()['cache-control']).toBe('private, no-store');
  const approved = await request.post(`/api/admin/identity/${entry.id}/approve`, { headers });
  expect(approved.status(), await approved.text()).toBe(200);
}

for (const locale of ['en', 'zh-CN'] as const) {
  const L = TEXT[locale];

  test(`a visitor is asked to log in (${locale})`, async ({ page }) => {
    await gotoInLocale(page, '/verify-identity', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.loggedOut);
    await expect(page.getByRole('main').getByRole('link', { name: L.login })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fverify-identity',
    );
  });

  test(`a new user uploads an ID document and a selfie, submits, and is verified after an admin approves (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { username, password } = await signup(page.request, locale);
    const me = await signIn(page, username, password, locale);
    expect(me.user.identityVerified).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/verify-identity');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.title);
    await expect(page.getByTestId('identity-status')).toHaveAttribute('data-status', 'none');
    await expect(page.getByText(L.private)).toBeVisible();

    // The separate consent first: a summary, the full notice a link away, an unticked box; nothing can be uploaded yet.
    const consent = page.getByTestId('identity-consent');
    await expect(consent.getByRole('heading', { name: L.consentTitle })).toBeVisible();
    const box = consent.getByRole('checkbox', { name: L.consentBox });
    await expect(box).not.toBeChecked();
    await expect(page.getByTestId('identity-input-document')).toBeDisabled();
    await expect(page.getByTestId('identity-input-selfie')).toBeDisabled();
    await expect(page.getByLabel(L.kind)).toBeDisabled();
    const notice = consent.getByTestId('identity-consent-notice');
    await expect(notice).toHaveAttribute('href', '/privacy/sensitive-data');
    await expect(notice).toHaveAttribute('rel', 'noopener');
    // A tap opens the notice over the page, which stays as it was.
    await notice.click();
    const sheet = page.getByRole('dialog', { name: L.noticeTitle });
    await expect(sheet.getByTestId('legal-doc-sensitive_data')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(box).not.toBeChecked();
    // Refused by the server too, until the consent is recorded.
    const token = await page.evaluate(() => localStorage.getItem('tabi.token'));
    const refused = await page.request.post('/api/v2/identity-verification/submit', {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('consent_required');

    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, `consent-${locale}-375`);
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="identity-consent"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // By keyboard: Space ticks the box, Tab reaches the button, Enter agrees.
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(consent.getByRole('button', { name: L.consentSubmit })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(consent).toHaveCount(0);
    // The keyboard goes on at the document type, now enabled.
    await expect(page.getByLabel(L.kind)).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 900 });
    const mine = await (
      await page.request.get('/api/me/consents', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const given = mine.consents.find((c: { kind: string }) => c.kind === 'sensitive_data');
    expect(given).toMatchObject({
      version: mine.documents.find((d: { kind: string }) => d.kind === 'sensitive_data').version,
      locale,
    });
    expect(mine.needed).toEqual([]);
    // Given once, never asked again.
    await page.reload();
    await expect(page.getByTestId('identity-status')).toHaveAttribute('data-status', 'none');
    await expect(page.getByTestId('identity-input-document')).toBeEnabled();
    await expect(page.getByTestId('identity-consent')).toHaveCount(0);

    await page.getByLabel(L.kind).selectOption('passport');
    await page
      .getByTestId('identity-input-document')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: await png('document') });
    await expect(page.getByTestId('identity-preview-document')).toBeVisible();
    await expect(page.getByTestId('identity-preview-document')).toHaveAttribute('src', /^blob:/);
    await page
      .getByTestId('identity-input-selfie')
      .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: await png('selfie') });
    await expect(page.getByTestId('identity-preview-selfie')).toBeVisible();
    await expect(page.getByTestId('identity-status')).toHaveAttribute('data-status', 'draft');
    await shot(page, `uploaded-${locale}-1280`);
    await page.setViewportSize({ width: 375, height: 800 });
    // The upload toast re-lays itself out for a phone: take the picture once it is gone.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
    await shot(page, `uploaded-${locale}-375`);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: L.submit }).click();
    await expect(page.getByTestId('identity-status')).toHaveAttribute('data-status', 'submitted');
    await expect(page.getByRole('heading', { name: L.submitted })).toBeVisible();
    // After submitting, the files are shown read-only; the form is gone.
    await expect(page.getByRole('button', { name: L.submit })).toHaveCount(0);
    await expect(page.getByTestId('identity-preview-selfie')).toBeVisible();
    await shot(page, `submitted-${locale}-1280`);

    await approveAsAdmin(page.request, username);
    await page.reload();
    await expect(page.getByTestId('identity-status')).toHaveAttribute('data-status', 'approved');
    await expect(page.getByTestId('identity-verified-badge')).toHaveText(L.verified);
    await shot(page, `verified-${locale}-1280`);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByTestId('identity-verified-badge')).toBeVisible();
    await shot(page, `verified-${locale}-375`);

    const meAfter = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await meAfter.json()).identityVerified).toBe(true);
  });
}
