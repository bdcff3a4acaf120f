import { DEMO_PASSWORDS, expect, gotoInLocale, signIn, test } from './fixtures';
import { approvedApplicant, auth } from './guide-helpers';

/**
 * Licensed guides (decision 092), in Chinese: a new guide submits a 全国通訳案内士 licence
 * with a card photo (through the API); the demo admin opens it in the console, reads how to check
 * the registry, verifies it and sees the audit entry; the guide's public profile then shows the
 * licence badge and the registration a traveler can check.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYPj/n4Hh//8/DAwMDAwAX4kF+3CzUKoAAAAASUVORK5CYII=',
  'base64',
);

test('the admin verifies a licence in the console and the profile shows the licence badge (zh-CN)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `奈良向导${Date.now().toString(36).slice(-4)}`;
  const applicant = await approvedApplicant(page.request, name);
  const me = await (await page.request.get('/api/guides/me', { headers: auth(applicant.token) })).json();
  const submitted = await page.request.post('/api/v2/guide/credentials/licence', {
    headers: auth(applicant.token),
    multipart: {
      licenceKind: 'national',
      registrationNumber: '奈良県 第2020-0815号',
      prefecture: 'nara',
      languages: 'zh, en',
      file: { name: 'card.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const id = (await submitted.json()).licence.id as number;

  // Before: no badge on the profile.
  await gotoInLocale(page, `/guides/${me.id}`, 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('licence-badge')).toHaveCount(0);

  await signIn(page, 'admin', DEMO_PASSWORDS.admin, 'zh-CN');
  await page.goto(`/admin/licences/${id}`);
  const detail = page.locator('article');
  await expect(detail.getByText('奈良県 第2020-0815号').first()).toBeVisible();
  await expect(detail.getByTestId('registry-lookup')).toContainText('向奈良県查询登记号 奈良県 第2020-0815号');
  await expect(detail.getByRole('img', { name: '执照卡 / 证明' })).toBeVisible();
  await detail.getByRole('button', { name: '核实通过', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('确认核实这份执照？');
  await dialog.getByRole('button', { name: '核实通过', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(detail.getByText('已核实', { exact: true }).first()).toBeVisible();
  await expect(detail.getByTestId('audit-entry').filter({ hasText: '执照已核实' })).toHaveCount(1);

  // After: the badge and the registration on the public profile, in Chinese.
  await page.goto(`/guides/${me.id}`);
  await expect(page.getByTestId('licence-badge')).toHaveText('持证通译导游（全国通訳案内士）');
  await expect(page.getByTestId('profile-licence')).toContainText(
    '全国通訳案内士 · 登记号 奈良県 第2020-0815号 · 奈良県',
  );
});
