// Screenshots of pages at phone and desktop widths in both languages, for looking at what we build:
//   node scripts/screenshots.mjs http://127.0.0.1:3000 /tmp/shots / /help /search
// Uses the system Chromium (CHROME_PATH or /usr/bin/chromium).
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:3000', out = '/tmp/shots', ...paths] = process.argv.slice(2);
const routes = paths.length ? paths : ['/'];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const locale of ['en', 'zh-CN']) {
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 }, locale });
    await context.addInitScript((l) => localStorage.setItem('tabi.locale', l), locale);
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(base + route, { waitUntil: 'networkidle' });
      const name = `${route.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${locale}-${width}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: true });
      console.log(`${out}/${name}`);
    }
    await context.close();
  }
}
await browser.close();
