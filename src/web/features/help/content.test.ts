import { describe, expect, it } from 'vitest';
import { SERVICE_CITIES } from '../../../shared/cities';
import { HELP_ARTICLES } from './articles';
import { sources as en } from './content/en/index';
import { sources as zhCN } from './content/zh-CN/index';
import { parseArticle, type Block, type Inline } from './markdown';

// Every help article exists in both languages with the same sections, real text, and links that lead somewhere.
// The sources the app loads: the Markdown files and the versioned legal documents (decision 123).
const SOURCES: Record<string, Record<string, string>> = { en, 'zh-CN': zhCN };
const load = (locale: string, slug: string) => parseArticle(slug, SOURCES[locale]![slug]!);

const APP_ROUTES = [
  '/',
  '/search',
  '/dashboard',
  '/messages',
  '/profile',
  '/become-guide',
  '/application-status',
  '/verify-identity',
  '/withdrawal',
  ...HELP_ARTICLES.map((a) => a.path),
  '/help',
];

const links = (nodes: Inline[]): string[] =>
  nodes.flatMap((n) => (n.kind === 'link' ? [n.href] : n.kind === 'strong' ? links(n.children) : []));
const blockLinks = (b: Block): string[] =>
  b.kind === 'list'
    ? b.items.flatMap(links)
    : b.kind === 'table'
      ? [...b.head, ...b.rows.flat()].flatMap(links)
      : links(b.content);

describe.each(HELP_ARTICLES.map((a) => a.slug))('help article %s', (slug) => {
  const en = load('en', slug);
  const zh = load('zh-CN', slug);

  it('has a title, a lead and sections in both languages', () => {
    for (const a of [en, zh]) {
      expect(a.title.length).toBeGreaterThan(3);
      expect(a.lead.length).toBeGreaterThan(a === zh ? 20 : 40);
      expect(a.toc.length).toBeGreaterThanOrEqual(2);
    }
    expect(zh.title).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.lead).toMatch(/[\u4e00-\u9fff]/);
  });

  it('has the same section anchors in both languages', () => {
    expect(zh.toc.map((h) => h.id)).toEqual(en.toc.map((h) => h.id));
    expect(en.toc.every((h) => !h.id.startsWith('section-'))).toBe(true);
  });

  it('links only to routes of the app (and the same ones in both languages)', () => {
    const hrefs = (a: typeof en) => a.blocks.flatMap(blockLinks).filter((h) => h.startsWith('/'));
    for (const href of [...hrefs(en), ...hrefs(zh)]) {
      const [pathname, hash] =
        href.split(/[?#]/)[0] === href ? [href, undefined] : [href.split(/[?#]/)[0]!, href.split('#')[1]];
      expect(APP_ROUTES, href).toContain(pathname);
      if (hash) {
        const target = HELP_ARTICLES.find((x) => x.path === pathname)!;
        expect(
          load('en', target.slug).toc.map((h) => h.id),
          href,
        ).toContain(hash);
      }
    }
    expect(new Set(hrefs(zh))).toEqual(new Set(hrefs(en)));
  });
});

describe('business rules in the text', () => {
  it('states every cancellation tier with its percentage, in both languages', () => {
    for (const locale of ['en', 'zh-CN']) {
      const text = load(locale, 'cancellation').plainText;
      for (const pct of ['100%', '50%', '25%', '0%', '85%', '15%']) expect(text, `${locale} ${pct}`).toContain(pct);
      expect(text).toMatch(/3–5/);
      expect(text).toMatch(/1–3/);
      expect(text).toMatch(/5–7/);
    }
  });

  it('explains the 20% deposit and the in-person final payment', () => {
    expect(load('en', 'how-it-works').plainText).toMatch(
      /deposit of 20% of the total online[\s\S]*80% is the final payment, paid to your guide in person/,
    );
    expect(load('zh-CN', 'how-it-works').plainText).toMatch(/20% 作为定金[\s\S]*80% 为尾款，在出行当天当面付给地陪/);
  });

  it('promises answers to privacy requests within 30 days', () => {
    for (const slug of ['privacy-policy', 'privacy']) {
      expect(load('en', slug).plainText).toContain('30 days');
      expect(load('zh-CN', slug).plainText).toContain('30 天');
    }
  });

  it('lists the Japanese emergency numbers', () => {
    for (const locale of ['en', 'zh-CN']) {
      const text = load(locale, 'safety').plainText;
      for (const n of ['110', '119', '118', '#7119']) expect(text).toContain(n);
    }
  });

  it('lists exactly the local-storage keys the app uses', async () => {
    const { STORAGE_KEYS } = await import('../../lib/storage-keys');
    for (const locale of ['en', 'zh-CN']) {
      const text = load(locale, 'cookies').plainText;
      const listed = [...text.matchAll(/tabi\.[a-z]+/g)].map((m) => m[0]);
      expect(new Set(listed)).toEqual(new Set(Object.values(STORAGE_KEYS)));
    }
  });

  it('has a section with a picture for each of the ten cities', () => {
    const ids = load('en', 'cities').toc.map((h) => h.id);
    expect(ids).toEqual(expect.arrayContaining(SERVICE_CITIES.map((c) => c.slug)));
  });
});
