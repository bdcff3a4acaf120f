import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales';

// Every namespace exists in every interface language with exactly the same keys, and no value is empty.
const dir = path.dirname(new URL(import.meta.url).pathname);
const read = (locale: string, ns: string) => JSON.parse(readFileSync(path.join(dir, locale, ns), 'utf8'));
const flat = (o: Record<string, unknown>, pre = ''): [string, unknown][] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flat(v as Record<string, unknown>, `${pre}${k}.`) : [[`${pre}${k}`, v]],
  );

const namespaces = [...new Set(LOCALES.flatMap((locale) => readdirSync(path.join(dir, locale))))];
const placeholders = (v: unknown) => (String(v).match(/\{\{[^}]+\}\}|<\/?[0-9a-zA-Z]+>|\$t\([^)]*\)/g) ?? []).sort();

describe.each(namespaces)('locale namespace %s', (ns) => {
  const en = flat(read('en', ns));
  it.each(LOCALES.filter((l) => l !== 'en'))('has the same keys in en and %s', (locale) => {
    expect(
      flat(read(locale, ns))
        .map(([k]) => k)
        .sort(),
    ).toEqual(en.map(([k]) => k).sort());
  });
  it.each(LOCALES.filter((l) => l !== 'en'))('keeps every placeholder and tag of en in %s', (locale) => {
    const other = new Map(flat(read(locale, ns)));
    const changed = en.filter(([k, v]) => placeholders(v).join() !== placeholders(other.get(k)).join()).map(([k]) => k);
    expect(changed).toEqual([]);
  });
  it('has no empty strings', () => {
    for (const locale of LOCALES) {
      const empty = flat(read(locale, ns)).filter(([, v]) => typeof v === 'string' && v.trim() === '');
      expect(empty, locale).toEqual([]);
    }
  });
});
