import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import { LOCALE_NAMES, type Locale } from '../src/shared/locales';
import { e2eServer } from './servers';

const allowed = new WeakMap<Page, RegExp[]>();

/**
 * Lets a test expect console errors matching these patterns on this page — for example the
 * browser's own 'Failed to load resource … 401' line when a test logs in with a wrong password.
 */
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  allowed.set(page, [...(allowed.get(page) ?? []), ...patterns]);
}

/**
 * Every test fails on a console error or an uncaught page error: a page that "works" while
 * throwing is broken for someone. Every test talks to its worker's own server (e2e/servers.ts):
 * pages, `request`, `page.request` and contexts from `browser.newContext()` all take this baseURL.
 */
/**
 * A full page load (goto, reload) returns once the page is ready: rendered on the server, a page is
 * visible before React has hydrated it, and a click or keystroke before then would be lost. main.tsx
 * marks <html data-ready> when the page and its lazy parts respond (decision 074). Patched on
 * Playwright's Page class, so pages of contexts a test opens itself wait too.
 */
function waitForReadyOnLoad(page: Page) {
  const proto = Object.getPrototypeOf(page) as Page & { __waitsForReady?: boolean };
  if (proto.__waitsForReady) return;
  proto.__waitsForReady = true;
  const ready = async (p: Page, response: Response | null) => {
    if (response?.headers()['content-type']?.includes('text/html')) {
      await p.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), null, { timeout: 15_000 });
    }
    return response;
  };
  const { goto, reload } = proto;
  proto.goto = async function (this: Page, url, options) {
    return ready(this, await goto.call(this, url, options));
  };
  proto.reload = async function (this: Page, options) {
    return ready(this, await reload.call(this, options));
  };
}

export const test = base.extend<{ consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
  baseURL: async ({}, use, testInfo) => use(e2eServer(testInfo.parallelIndex).baseURL),
  page: async ({ page }, use) => {
    waitForReadyOnLoad(page);
    // A slow phone's CPU on demand (README, E2E_SLOW_CPU): the phone menu's self-closing showed only so.
    if (process.env.E2E_SLOW_CPU) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.E2E_SLOW_CPU) });
    }
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !(allowed.get(page) ?? []).some((p) => p.test(m.text()))) errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The data directory of the server this test talks to (its jwt-secret, for instance). */
export const serverDataDir = () => e2eServer(base.info().parallelIndex).dataDir;

/**
 * What the app stores when a reader picks a language (src/web/lib/i18n.ts): the cookie, so the
 * server renders public pages in it (decision 074). Local storage is set by the callers below.
 */
async function rememberLocale(page: Page, locale: Locale) {
  await page
    .context()
    .addCookies([{ name: 'tabi_locale', value: locale, url: e2eServer(base.info().parallelIndex).baseURL }]);
}

/** Opens a page with a chosen interface language, as a returning visitor who picked it would. */
export async function gotoInLocale(page: Page, path: string, locale: Locale) {
  await rememberLocale(page, locale);
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('tabi.locale', l);
      sessionStorage.setItem('e2e-locale-set', '1');
    }
  }, locale);
  await page.goto(path);
}

/** Switches the interface language as a reader does: the header's language list, each language named in itself. */
export async function switchLanguage(page: Page, locale: Locale) {
  await page
    .getByRole('banner')
    .getByRole('combobox', { name: /^(Language|语言|言語)$/ })
    .selectOption({ label: LOCALE_NAMES[locale] });
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** Passwords of the seeded demo accounts (SEED=demo). */
export const DEMO_PASSWORDS: Record<string, string> = {
  traveler: 'traveler123',
  guide: 'guide1234',
  admin: 'admin1234',
};

/**
 * Signs in through the real login API and stores the session where the web app keeps it
 * (tabi.token / tabi.user), for the next page load. Optionally fixes the interface language too.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORDS[username], locale?: Locale) {
  const res = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  const reply = await res.json();
  if (locale) await rememberLocale(page, locale);
  await page.addInitScript(
    ([token, user, l]) => {
      if (!sessionStorage.getItem('e2e-session-set')) {
        localStorage.setItem('tabi.token', token!);
        localStorage.setItem('tabi.user', user!);
        if (l) localStorage.setItem('tabi.locale', l);
        sessionStorage.setItem('e2e-session-set', '1');
      }
    },
    [reply.token, JSON.stringify(reply.user), locale ?? ''],
  );
  return reply;
}

/** A new browser context signed in as `username` in `locale`: a second person beside the test's own page. */
export async function newSignedInPage(
  browser: Browser,
  username: string,
  locale: Locale,
  viewport = { width: 1280, height: 720 },
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const reply = await signIn(page, username, undefined, locale);
  return { context, page, token: reply.token as string };
}

/** The signed-in guide's listing id (GET /api/guides/me), which chat and booking URLs name. */
export async function guideListingId(page: Page, token: string): Promise<number> {
  const res = await page.request.get('/api/guides/me', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).id as number;
}

type Served = { kind: string; version: string; askedAt: 'signup' | 'identity' };
let currentVersions: Promise<Served[]> | undefined;
/** Every document at the version the server serves (one worker, one server). */
function servedVersions(request: APIRequestContext): Promise<Served[]> {
  currentVersions ??= request.get('/api/legal/documents').then(async (res) => {
    expect(res.status()).toBe(200);
    return ((await res.json()) as { documents: Served[] }).documents.map(({ kind, version, askedAt }) => ({
      kind,
      version,
      askedAt,
    }));
  });
  return currentVersions;
}

/** The consents the sign-up form sends: the documents asked for at sign-up, at their current versions. */
export async function currentConsents(request: APIRequestContext): Promise<{ kind: string; version: string }[]> {
  return (await servedVersions(request))
    .filter((d) => d.askedAt === 'signup')
    .map(({ kind, version }) => ({ kind, version }));
}

/**
 * The separate consent to the sensitive-data notice, as the verification page records it before the
 * first upload (decision 131): identity uploads through the API are refused without it.
 */
export async function giveSensitiveDataConsent(request: APIRequestContext, token: string): Promise<void> {
  const notice = (await servedVersions(request)).find((d) => d.kind === 'sensitive_data')!;
  const res = await request.post('/api/me/consents', {
    headers: { authorization: `Bearer ${token}` },
    data: { consents: [{ kind: notice.kind, version: notice.version }] },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Signs a new user up through the API with the documents accepted, as the sign-up form does (decision
 * 124): without them every page would open on the consent screen. `consents: false` signs up as an
 * older client would, to see that screen.
 */
export async function signUpByApi(
  request: APIRequestContext,
  {
    prefix = 'e2e',
    fullName = 'Test Traveler',
    locale = 'en',
    consents = true,
  }: { prefix?: string; fullName?: string; locale?: Locale; consents?: boolean } = {},
) {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 10_000)}`;
  const password = 'Sakura2026!';
  const body = {
    username,
    email: `${username}@example.com`,
    password,
    confirmPassword: password,
    fullName,
    emailUpdates: false,
    locale,
  };
  const res = await request.post('/api/auth/signup', {
    data: consents ? { ...body, consents: await currentConsents(request) } : body,
  });
  expect(res.status(), await res.text()).toBe(201);
  const reply = await res.json();
  return { ...body, token: reply.token as string, reply };
}

/** The app's date picker (src/web/components/ui/date-select.tsx): a group of year, month and day selects. */
const datePart = (group: Locator, part: 'year' | 'month' | 'day') => group.locator(`select[data-part="${part}"]`);

/** Picks yyyy-mm-dd in a date picker. */
export async function pickDate(group: Locator, iso: string) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  await datePart(group, 'year').selectOption(String(y));
  await datePart(group, 'month').selectOption(String(m));
  await datePart(group, 'day').selectOption(String(d));
}

/** Expects a date picker to hold yyyy-mm-dd. */
export async function expectDate(group: Locator, iso: string) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  await expect(datePart(group, 'year')).toHaveValue(String(y));
  await expect(datePart(group, 'month')).toHaveValue(String(m));
  await expect(datePart(group, 'day')).toHaveValue(String(d));
}

/** Toasts on screen (one being dismissed may linger in the DOM for a moment, docs/rules/look-and-language.md). */
export const visibleToasts = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"]');

/** Expects a toast with this text on screen. */
export const expectToast = (page: Page, text: string) =>
  expect(visibleToasts(page).filter({ hasText: text }).first()).toBeVisible();

/** Opens a page as a signed-in user: the session is stored the way the app stores it after logging in. */
export async function openSignedIn(page: Page, pathName: string, locale: Locale, username: string, password: string) {
  const reply = await signIn(page, username, password);
  await gotoInLocale(page, pathName, locale);
  return reply;
}

/**
 * Expects no WCAG 2.1 A/AA violation on the page (the first three elements of each named). With
 * `settled`, once the network is idle and every toast has gone: a toast is checked while it fades in.
 */
export async function expectAxeClean(page: Page, label: string, { settled = false } = {}) {
  if (settled) {
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  }
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
    label,
  ).toEqual([]);
}
