import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every namespace exists in both languages with exactly the same keys, and no value is empty.
const dir = path.dirname(new URL(import.meta.url).pathname);
const read = (locale: string, ns: string) => JSON.parse(readFileSync(path.join(dir, locale, ns), 'utf8'));
const flat = (o: Record<string, unknown>, pre = ''): [string, unknown][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v as Record<string, unknown>, `${pre}${k}.`) : [[`${pre}${k}`, v]]));

const namespaces = [...new Set([...readdirSync(path.join(dir, 'en')), ...readdirSync(path.join(dir, 'zh-CN'))])];

describe.each(namespaces)('locale namespace %s', (ns) => {
  it('has the same keys in en and zh-CN', () => {
    const en = flat(read('en', ns)).map(([k]) => k).sort();
    const zh = flat(read('zh-CN', ns)).map(([k]) => k).sort();
    expect(zh).toEqual(en);
  });
  it('has no empty strings', () => {
    for (const locale of ['en', 'zh-CN']) {
      const empty = flat(read(locale, ns)).filter(([, v]) => typeof v === 'string' && v.trim() === '');
      expect(empty, locale).toEqual([]);
    }
  });
});
