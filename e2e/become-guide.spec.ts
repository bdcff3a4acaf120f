import { mkdirSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAxeClean, signIn, signUpByApi, test } from './fixtures';

/**
 * Becoming a guide (decision 069), in English and Chinese: a fresh traveler fills page 1
 * with a qualification upload, saves the draft, reloads and finds every value, goes through pages
 * 2–4, previews, is stopped without the declaration, ticks it, submits and lands on
 * /application-status; the header then offers 'View Application Status'. Screenshots at 1280 and
 * 375 px in both languages; axe on the wizard, the preview and the status page.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-become-guide';
mkdirSync(SHOTS, { recursive: true });

/** A real 16×16 PNG (two colours), built here so the server's re-encoding gets a genuine image. */
function makePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 16;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    rows[y * (1 + size * 3)] = 0;
    for (let x = 0; x < size; x++) {
      const o = y * (1 + size * 3) + 1 + x * 3;
      const red = (x + y) % 2 === 0;
      rows.set(red ? [217, 71, 43] : [31, 78, 140], o);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = makePng();

let seq = 0;
async function newTraveler(request: APIRequestContext, locale: 'en' | 'zh-CN') {
  const { username, password } = await signUpByApi(request, { prefix: `bg${++seq}x`, fullName: 'Aoi Tanaka', locale });
  return { username, password };
}

const W = {
  en: {
    title: 'Become a Guide',
    name: 'Full name',
    age: 'Age',
    gender: 'Gender',
    genderValue: 'female',
    occupation: 'Occupation',
    bio: 'About you',
    chinese: 'Chinese',
    japanese: 'Japanese',
    tokyo: 'Tokyo',
    area: 'Residence area',
    zip: 'Residence postal code',
    year: 'Year',
    month: 'Month',
    years: 'Years',
    months: 'Months',
    sessions: 'Tours guided so far',
    files: 'Qualification files',
    uploaded: 'Uploaded 1/5',
    describe: 'Description of qualification.png',
    saveDraft: 'Save draft',
    saved: /Draft saved at/,
    next: 'Next',
    preview: 'Preview',
    ethics: 'Ethics score',
    boundary: 'Boundary score',
    supportive: 'Supportive (adaptability) score',
    ethicsText: 'Ethics: in your own words',
    boundaryText: 'Boundaries: in your own words',
    supportiveText: 'Adaptability: in your own words',
    answers: [
      'How you interact with travelers',
      'Your favorite spot',
      'Responding when a boundary is crossed',
      'Handling emotions on a tour',
      'A symbol of yourself',
    ],
    couples: 'Couples',
    families: 'Families',
    minPeople: 'Minimum people',
    maxPeople: 'Maximum people',
    minHours: 'Minimum hours',
    maxHours: 'Maximum hours',
    basic: 'Price of an hour for one traveler',
    additional: 'Each further traveler, per hour (optional)',
    previewTitle: 'Preview your application',
    // A new application prices in yen (decision 164).
    price: '¥4,000 (JPY)',
    submit: 'Submit application',
    declarationMsg: 'Please confirm declaration',
    declaration: /I declare that the information/,
    submitted: 'Application submitted',
    viewStatus: 'View Application Status',
    menu: 'Menu',
    invalidType: 'Invalid File Type: Please select a valid image (JPEG, PNG, GIF, WEBP) or PDF file.',
    zipChars: 'Invalid postal code: Please enter a 7-digit Japanese postal code (numbers only).',
    zipShort: 'Please enter a valid 7-digit postal code.',
  },
  'zh-CN': {
    title: '成为地陪',
    name: '姓名',
    age: '年龄',
    gender: '性别',
    genderValue: 'female',
    occupation: '职业',
    bio: '个人简介',
    chinese: '中文',
    japanese: '日语',
    tokyo: '东京',
    area: '居住区域',
    zip: '居住地邮政编码',
    year: '年份',
    month: '月份',
    years: '年数',
    months: '月数',
    sessions: '已带团次数',
    files: '资质文件',
    uploaded: '已上传 1/5',
    describe: 'qualification.png 的说明',
    saveDraft: '保存草稿',
    saved: /草稿已于 .* 保存/,
    next: '下一步',
    preview: '预览',
    ethics: '职业道德评分',
    boundary: '边界感评分',
    supportive: '支持与应变（适应力）评分',
    ethicsText: '职业道德：用您自己的话描述',
    boundaryText: '边界感：用您自己的话描述',
    supportiveText: '适应力：用您自己的话描述',
    answers: ['与旅行者的互动方式', '您最喜欢的地方', '边界被越过时的应对', '行程中的情绪处理', '代表您自己的象征'],
    couples: '情侣',
    families: '家庭',
    minPeople: '最少人数',
    maxPeople: '最多人数',
    minHours: '最短时长（小时）',
    maxHours: '最长时长（小时）',
    basic: '一位旅行者每小时价格',
    additional: '第二位起每人每小时加价（选填）',
    previewTitle: '预览您的申请',
    price: '4,000 日元',
    submit: '提交申请',
    declarationMsg: '请确认声明',
    declaration: /我声明本申请中的信息/,
    submitted: '申请已提交',
    viewStatus: '查看申请状态',
    menu: '菜单',
    invalidType: '文件类型无效：请选择有效的图片（JPEG、PNG、GIF、WEBP）或 PDF 文件。',
    zipChars: '邮政编码无效: 请输入7位日本邮政编码（仅限数字）。',
    zipShort: '请输入有效的7位邮政编码。',
  },
} as const;

type Words = (typeof W)[keyof typeof W];
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
}

/** Screenshots of the current page at 1280 and 375 px (then back to 1280). */
async function shoot(page: Page, name: string, locale: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-${locale}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await noOverflow(page);
  await page.screenshot({ path: `${SHOTS}/${name}-${locale}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function pickScore(page: Page, group: string, score: number) {
  const radio = page
    .getByRole('group', { name: group, exact: true })
    .getByRole('radio', { name: String(score), exact: true });
  await radio.check({ force: true });
  await expect(radio).toBeChecked();
}

for (const locale of ['en', 'zh-CN'] as const) {
  const w: Words = W[locale];

  test(`a traveler applies to become a guide (${locale})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const { username, password } = await newTraveler(request, locale);
    await signIn(page, username, password, locale);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/become-guide');
    await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();

    // ---- page 1 ----
    await expect(field(page, w.name)).toHaveValue('Aoi Tanaka');
    await field(page, w.name).fill('Aoi Tanaka');
    await field(page, w.age).fill('31');
    await field(page, w.gender).selectOption(w.genderValue);
    await field(page, w.occupation).fill('Tea ceremony teacher');
    await field(page, w.bio).fill('I grew up in Tokyo and love its old neighbourhoods.');
    await page.getByRole('checkbox', { name: w.chinese, exact: true }).check();
    await page.getByRole('checkbox', { name: w.japanese, exact: true }).check();
    await page.getByRole('checkbox', { name: w.tokyo, exact: true }).check();
    await field(page, w.area).fill('Shibuya, Tokyo');
    // docs/rules/messaging.md postal codes: letters are refused with the message; 7 digits become 123-4567.
    await field(page, w.zip).fill('15a');
    await expect(page.getByText(w.zipChars)).toBeVisible();
    await field(page, w.zip).fill('150');
    await field(page, w.area).focus();
    await expect(page.getByText(w.zipShort)).toBeVisible();
    await field(page, w.zip).fill('1500002');
    await expect(field(page, w.zip)).toHaveValue('150-0002');
    await field(page, w.year).selectOption('2015');
    await field(page, w.month).selectOption('04');
    await field(page, w.years).fill('3');
    await field(page, w.months).fill('6');
    await field(page, w.sessions).fill('120');
    // A wrong type is stopped in the browser with the SPEC message; a real PNG is uploaded.
    const fileInput = page.getByLabel(w.files, { exact: true });
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert').filter({ hasText: w.invalidType })).toBeVisible();
    await fileInput.setInputFiles({ name: 'qualification.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('documents-count')).toHaveText(w.uploaded);
    await field(page, w.describe).fill('Tour guide qualification certificate');
    await field(page, w.describe).blur();
    await shoot(page, 'page1', locale);

    await page.getByRole('button', { name: w.saveDraft }).click();
    await expect(page.getByTestId('save-state')).toHaveText(w.saved);

    // ---- reload: every value is back from the server draft ----
    await page.reload();
    await expect(field(page, w.age)).toHaveValue('31');
    await expect(field(page, w.name)).toHaveValue('Aoi Tanaka');
    await expect(field(page, w.gender)).toHaveValue('female');
    await expect(field(page, w.occupation)).toHaveValue('Tea ceremony teacher');
    await expect(field(page, w.zip)).toHaveValue('150-0002');
    await expect(field(page, w.year)).toHaveValue('2015');
    await expect(field(page, w.month)).toHaveValue('04');
    await expect(field(page, w.years)).toHaveValue('3');
    await expect(field(page, w.months)).toHaveValue('6');
    await expect(field(page, w.sessions)).toHaveValue('120');
    await expect(page.getByRole('checkbox', { name: w.tokyo, exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: w.japanese, exact: true })).toBeChecked();
    await expect(page.getByTestId('documents-count')).toHaveText(w.uploaded);
    await expect(field(page, w.describe)).toHaveValue('Tour guide qualification certificate');
    // The private file is shown from the owner's authorized fetch.
    await expect(page.getByRole('img', { name: 'qualification.png' })).toBeVisible();
    await expectAxeClean(page, `page 1 (${locale})`);

    // ---- page 2: scores ----
    await page.getByRole('button', { name: w.next, exact: true }).click();
    await expect(page).toHaveURL(/step=2/);
    await pickScore(page, w.ethics, 8);
    await pickScore(page, w.boundary, 5);
    await pickScore(page, w.supportive, 2);
    await field(page, w.ethicsText).fill('I always tell travelers the real prices.');
    await field(page, w.boundaryText).fill('Friendly but professional.');
    await field(page, w.supportiveText).fill('I am learning to improvise.');
    await shoot(page, 'page2', locale);

    // ---- page 3: answers ----
    await page.getByRole('button', { name: w.next, exact: true }).click();
    await expect(page).toHaveURL(/step=3/);
    for (const [i, label] of w.answers.entries()) await field(page, label).fill(`Answer ${i + 1}`);

    // ---- page 4: services and rates ----
    await page.getByRole('button', { name: w.next, exact: true }).click();
    await expect(page).toHaveURL(/step=4/);
    await page.getByRole('checkbox', { name: w.couples, exact: true }).check();
    await page.getByRole('checkbox', { name: w.families, exact: true }).check();
    await field(page, w.minPeople).fill('1');
    await field(page, w.maxPeople).fill('6');
    await field(page, w.minHours).fill('2');
    await field(page, w.maxHours).fill('8');
    await field(page, w.basic).fill('4000');
    await field(page, w.additional).fill('1000');
    await page.locator('[data-field="subcategoryIds"] input[type=checkbox]').first().check();
    await shoot(page, 'page4', locale);

    // ---- preview ----
    await page.getByRole('button', { name: w.preview, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: w.previewTitle })).toBeVisible();
    await expect(page.getByText('150-0002')).toBeVisible();
    await expect(page.getByText(w.price, { exact: true })).toBeVisible();
    await expect(page.getByText('Answer 5', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: w.submit }).click();
    await expect(page.getByRole('alert')).toContainText(w.declarationMsg);
    await shoot(page, 'preview-declaration', locale);
    await expectAxeClean(page, `preview (${locale})`);
    await page.getByRole('checkbox', { name: w.declaration }).check();
    await page.getByRole('button', { name: w.submit }).click();

    // ---- status ----
    await expect(page).toHaveURL(/\/application-status$/);
    await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'submitted');
    await expect(page.getByRole('heading', { name: w.submitted })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: w.menu }).getByRole('link', { name: w.viewStatus }),
    ).toBeVisible();
    await expectAxeClean(page, `status (${locale})`);
    await shoot(page, 'status-submitted', locale);

    // Submitted: the wizard is closed and sends the applicant to the status page.
    await page.goto('/become-guide');
    await expect(page).toHaveURL(/\/application-status$/);
  });
}

test('a visitor is asked to log in; a guide is told they already are one', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/become-guide');
  const login = page.getByRole('main').getByRole('link', { name: 'Log in' });
  await expect(login).toHaveAttribute('href', '/login?redirect=%2Fbecome-guide');
  await page.screenshot({ path: `${SHOTS}/logged-out-en-375.png` });

  await signIn(page, 'guide', undefined, 'zh-CN');
  await page.goto('/become-guide');
  await expect(page.getByRole('heading', { level: 1, name: '您已经是地陪了' })).toBeVisible();
  await expect(page.getByRole('link', { name: '前往地陪后台' })).toHaveAttribute('href', '/guide-dashboard');
  await page.screenshot({ path: `${SHOTS}/already-guide-zh-CN-375.png` });
});
