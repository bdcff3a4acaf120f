import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAxeClean, signIn, signUpByApi, test } from './fixtures';

/**
 * An application after the admin's review, as the applicant sees it (become-guide.spec.ts has the
 * wizard): changes requested and edited, rejected with the support chat's prefill, approved.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-become-guide';
mkdirSync(SHOTS, { recursive: true });

/** A complete application saved and submitted through the API (the wizard itself is tested above). */
async function submitThroughApi(request: APIRequestContext, token: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const categories = await (await request.get('/api/v2/service-categories')).json();
  const subcategoryId = categories.data[0].subcategories[0].id as number;
  const data = {
    name: 'Ren Sato',
    age: 35,
    gender: 'male',
    serviceCities: ['kyoto'],
    residenceArea: 'Higashiyama',
    residenceZipcode: '605-0073',
    residenceSince: '2010-09',
    occupation: 'Photographer',
    bio: 'Kyoto born.',
    languages: ['zh', 'ja'],
    experienceMonths: 24,
    sessionCount: 40,
    ethicsScore: 7,
    ethicsDescription: 'a',
    boundaryScore: 6,
    boundaryDescription: 'b',
    supportiveScore: 8,
    supportiveDescription: 'c',
    interaction: '1',
    favoriteSpot: '2',
    boundaryResponse: '3',
    emotionalHandling: '4',
    selfSymbol: '5',
    targetGroups: ['family'],
    minPeople: 1,
    maxPeople: 4,
    minDurationHours: 2,
    maxDurationHours: 6,
    currency: 'CNY',
    basicPricePerHourCents: 25_000,
    subcategoryIds: [subcategoryId],
  };
  expect((await request.put('/api/v2/guide-applications/draft', { headers: auth, data: { data } })).status()).toBe(200);
  const submitted = await request.post('/api/v2/guide-applications/submit', {
    headers: auth,
    data: { declaration: true },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return (await submitted.json()).id as number;
}

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: { username: 'admin', password: 'admin1234' } });
  expect(res.status()).toBe(200);
  return { Authorization: `Bearer ${(await res.json()).token}` };
}

test('after review: changes requested (en), rejected with the support prefill (zh-CN), approved', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { username, password } = await signUpByApi(request, { prefix: 'review', fullName: 'Aoi Tanaka' });
  const reply = await signIn(page, username, password, 'en');
  const id = await submitThroughApi(request, reply.token);
  const admin = await adminToken(request);

  // Changes requested: the note, and Edit leads to the wizard, which keeps showing the note.
  expect(
    (
      await request.post(`/api/admin/applications/${id}/request-changes`, {
        headers: admin,
        data: { message: 'Please describe your licence.' },
      })
    ).status(),
  ).toBe(200);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/application-status');
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'changes_requested');
  await expect(page.getByText('Please describe your licence.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/status-changes-en-375.png`, fullPage: true });
  await page.getByRole('link', { name: 'Edit application' }).click();
  await expect(page).toHaveURL(/\/become-guide$/);
  await expect(page.getByText('Note from our team: Please describe your licence.')).toBeVisible();
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Ren Sato');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload(); // the theme follows the system's at load
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByText('Note from our team: Please describe your licence.')).toBeVisible();
  await expectAxeClean(page, 'wizard with a review note (en, dark)');
  await page.screenshot({ path: `${SHOTS}/changes-wizard-dark-en-375.png` });

  // Resubmitted from the preview without changing an answer (the save before submitting makes it a draft again).
  await page
    .getByRole('button', { name: /Preview/ })
    .first()
    .click();
  await page.getByRole('checkbox', { name: /I declare that the information/ }).check();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/\/application-status$/);
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'submitted');

  // Rejected: the reason, and the support chat opens with the rejected-application message (in Chinese).
  expect(
    (
      await request.post(`/api/admin/applications/${id}/reject`, { headers: admin, data: { reason: '资质证明不足' } })
    ).status(),
  ).toBe(200);
  await page.evaluate(() => localStorage.setItem('tabi.locale', 'zh-CN'));
  await page.goto('/application-status');
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'rejected');
  await expect(page.getByText('资质证明不足')).toBeVisible();
  await expectAxeClean(page, 'rejected status (zh-CN, dark)');
  await page.screenshot({ path: `${SHOTS}/status-rejected-dark-zh-CN-375.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('main').getByRole('button', { name: '联系客服' }).click();
  const chat = page.getByRole('dialog', { name: 'Tabi 客服' });
  await expect(chat.getByRole('textbox', { name: '您的留言' })).toHaveValue(/我的地陪申请没有通过/);
  await page.keyboard.press('Escape');

  // Resubmitted and approved: a guide now, with the dashboard link and the role switch in the header.
  await submitThroughApi(request, reply.token);
  expect((await request.post(`/api/admin/applications/${id}/approve`, { headers: admin })).status()).toBe(200);
  await page.evaluate(() => localStorage.setItem('tabi.locale', 'en'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/application-status');
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'approved');
  await expect(page.getByRole('main').getByRole('link', { name: 'Open the guide dashboard' })).toHaveAttribute(
    'href',
    '/guide-dashboard',
  );
  await expect(page.getByRole('group', { name: 'View as' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/status-approved-en-1280.png`, fullPage: true });
});
