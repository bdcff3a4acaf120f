import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, signIn } from './fixtures';

/**
 * What every Japanese walk checks on every page (decision 144), shared by e2e/japanese.spec.ts and
 * e2e/japanese-tour.spec.ts: nothing scrolls sideways at 375 px, and no English is left in what the
 * interface itself says (text marked as written in another language — a guide's bio, a chat message —
 * is the writer's, not the interface's), and the heading is set in a Japanese face first. Screenshots in
 * test-results/japanese.
 */
const out = 'test-results/japanese';
const phone = { width: 375, height: 812 };

// The words the tests press, read from the Japanese locale files so a rewording does not break them.
const jaDir = path.join(import.meta.dirname, '../src/web/locales/ja');
const ja = Object.fromEntries(
  readdirSync(jaDir).map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(jaDir, f), 'utf8'))]),
) as Record<string, Record<string, Record<string, string>>>;
export const word = (ns: string, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], ja[ns]) as string;

// English words an untranslated interface string would carry. Not "guide": people name themselves so ("Demo Guide").
const ENGLISH =
  /\b(the|and|your|you|with|for|from|this|please|booking|bookings|traveler|travelers|pay|paid|save|cancel|search|loading|error|request|requests|accept|decline|rates|hours|available|withdraw|balance|statement|settings|reviews?|messages?|profile|dashboard|upcoming|completed|pending|total|deposit|price|per|hour|days?|next|back|close|view|edit|add|remove|delete|submit|send|continue|confirm|sign|log in|log out|help|home|menu|language)\b/i;

async function englishLeft(page: Page): Promise<string[]> {
  return page.evaluate((source) => {
    const re = new RegExp(source, 'i');
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      // The brand, the payment services and the demo accounts' usernames are names, not words to translate.
      const text = (node.textContent ?? '').replace(/Tabi Guides|WeChat Pay/g, '').trim();
      if (!el || !text || /^@?(guide|traveler|admin)$/.test(text) || !re.test(text)) continue;
      // Text written in another language (a bio, a message) is marked so; the language menu names each language in
      // itself.
      if (
        !(el.closest('[lang]')?.getAttribute('lang') ?? '').startsWith('ja') ||
        el.closest('option, script, style, [aria-hidden="true"]')
      )
        continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
      found.push(text);
    }
    return found;
  }, ENGLISH.source);
}

export async function look(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  // Network quiet is not the page drawn: a page still loading has no heading yet, and the body's face is not the
  // heading's.
  await expect(page.locator('main h1, h1').first()).toBeVisible();
  mkdirSync(out, { recursive: true });
  await page.screenshot({ path: `${out}/${name}-375-ja.png`, fullPage: true });
  // Soft: one run reports every page's findings.
  expect
    .soft(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${name} scrolls sideways`,
    )
    .toBeLessThanOrEqual(0);
  expect.soft(await englishLeft(page), `${name}: English left`).toEqual([]);
  expect.soft(await firstHanFace(page), `${name}: the first Han face of the heading`).toMatch(JAPANESE_FACE);
}

/** The Japanese faces of the stack (src/web/styles.css), and any face that holds Han characters. */
const JAPANESE_FACE =
  /^(Hiragino Sans|Hiragino Kaku Gothic ProN|Noto Sans JP|Noto Sans CJK JP|Yu Gothic UI|Yu Gothic|YuGothic|Meiryo)$/;
const HAN_FACE = /Hiragino|Noto Sans (CJK|JP|SC)|Yu ?Gothic|Meiryo|PingFang|YaHei|WenQuanYi/;

/**
 * The first face in the page heading's computed font-family that can set a Han character: Japanese or Chinese shapes.
 */
async function firstHanFace(page: Page): Promise<string | null> {
  // The heading itself, waited for: a page between two routes may have none for a moment, and the body's face is not
  // the heading's.
  const family = await page
    .locator('main h1, h1')
    .first()
    .evaluate((h) => getComputedStyle(h).fontFamily);
  return (
    family
      .split(',')
      .map((f) => f.trim().replace(/^["']|["']$/g, ''))
      .find((f) => HAN_FACE.test(f)) ?? null
  );
}

/** A signed-in phone at 375 px with the interface in Japanese. */
export async function phoneAs(
  browser: Browser,
  username: string,
  { timezoneId = 'Asia/Tokyo', password }: { timezoneId?: string; password?: string } = {},
) {
  const context = await browser.newContext({ viewport: phone, locale: 'ja-JP', timezoneId });
  const page = await context.newPage();
  const reply = await signIn(page, username, password, 'ja');
  return { context, page, auth: { authorization: `Bearer ${reply.token as string}` } };
}
