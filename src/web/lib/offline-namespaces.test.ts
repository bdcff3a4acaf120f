import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES, NAMESPACES } from '../../../scripts/offline-trip-files';

/**
 * Offline, a page shows only the namespaces the service worker kept with it (decision 102); one it was not
 * given shows its raw keys ("grid.retry" under the home page's guide list after an offline logout). This walks
 * what each kept module imports statically (what its chunk holds) and reads the namespaces it asks for.
 */
const WEB = path.resolve(__dirname, '..');
const KNOWN = new Set(readdirSync(path.join(WEB, 'locales/en')).map((f) => f.replace(/\.json$/, '')));

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(file) && existsSync(file)) return file;
  }
  return null;
}

/** The namespaces a source file reads: useTranslation's, `ns` options, 'ns:key' strings; none named is common. */
function namespacesIn(source: string): string[] {
  const found = new Set<string>();
  const quoted = (list: string) => [...list.matchAll(/['"]([\w-]+)['"]/g)].map((m) => m[1]!);
  for (const m of source.matchAll(/useTranslation\(\s*(\)|\[[^\]]*\]|'[^']*')/g)) {
    if (m[1] === ')') found.add('common');
    else quoted(m[1]!).forEach((ns) => found.add(ns));
  }
  for (const m of source.matchAll(/\bns(?::|=\{?)\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g))
    quoted(m[1]!).forEach((ns) => found.add(ns));
  for (const m of source.matchAll(/['"`]([a-zA-Z]+):[a-zA-Z]/g)) found.add(m[1]!);
  return [...found].filter((ns) => KNOWN.has(ns));
}

function reached(): Map<string, string[]> {
  const byNamespace = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const m of code.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)) {
      const next = resolve(file, m[1]!);
      if (next?.startsWith(WEB) && !next.includes('/locales/')) visit(next);
    }
    for (const ns of namespacesIn(code))
      byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), path.relative(WEB, file)]);
  };
  for (const m of MODULES) visit(path.join(WEB, m));
  return byNamespace;
}

describe('the offline trip keeps every namespace its pages read (decision 102)', () => {
  it('reads namespaces the ways the app asks for them', () => {
    expect(
      namespacesIn(`useTranslation(['search', 'guides']); useTranslation(); t('trips:tabs.upcoming')`).sort(),
    ).toEqual(['common', 'guides', 'search', 'trips']);
    expect(namespacesIn(`i18next.t('paid.title', { ns: 'payments' }); className="hover:underline md:flex"`)).toEqual([
      'payments',
    ]);
  });

  it('lists in NAMESPACES every namespace a module in MODULES reaches', () => {
    const missing = [...reached()]
      .filter(([ns]) => !NAMESPACES.includes(ns))
      .map(([ns, files]) => `${ns} (${files.slice(0, 3).join(', ')})`);
    expect(missing).toEqual([]);
    // The home page's guide list (its error and empty states) is among them.
    expect(reached().get('guides')).toContain('features/guides/components/guide-grid.tsx');
  });
});
