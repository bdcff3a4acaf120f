import { describe, expect, it } from 'vitest';
import { PROTECTED_TITLES, protectedTitlesIn } from './protected-titles';
import { ORDINARY_TEXTS, TITLE_DISGUISES } from './title-disguises.fixture';
import { titleSkeleton } from './title-skeleton';

describe('titleSkeleton', () => {
  it('gives a title and its disguises one skeleton', () => {
    const licensed = titleSkeleton('licensed guide');
    for (const s of [
      'Lic\u0435nsed Guide',
      'L\u00adicensed\u200b guide',
      'licenced guide',
      'ｌｉｃｅｎｓｅｄ　ｇｕｉｄｅ',
      'Lïcensed-Guide',
    ])
      expect(titleSkeleton(s), s).toBe(licensed);
    const title = titleSkeleton('通訳案内士');
    for (const s of ['通譯案內士', '通译案内士', '通\u200b訳案内\u2f20']) expect(titleSkeleton(s), s).toBe(title);
    expect(titleSkeleton('つうやくあんないし')).toBe(titleSkeleton('ﾂｳﾔｸｱﾝﾅｲｼ'));
  });

  it('keeps phrase boundaries: commas and full stops are not spacing', () => {
    expect(titleSkeleton('通訳、案内')).not.toContain(titleSkeleton('通訳案内'));
  });
});

describe('protectedTitlesIn on skeletons', () => {
  it.each(TITLE_DISGUISES.map(([category, text]) => [category, text, JSON.stringify(text)]))(
    'refuses %s: %s (%s)',
    (_category, text) => {
      expect(protectedTitlesIn([text], null)).not.toEqual([]);
    },
  );

  it.each(ORDINARY_TEXTS)('lets "%s" pass', (text) => {
    expect(protectedTitlesIn([text], null)).toEqual([]);
  });

  it('covers at least 80 disguises in every category the check was fooled by', () => {
    expect(TITLE_DISGUISES.length).toBeGreaterThanOrEqual(80);
    const categories = new Set(TITLE_DISGUISES.map(([c]) => c));
    for (const c of [
      'zero-width',
      'soft hyphen',
      'variation selector',
      'bidi',
      'tag',
      'cyrillic',
      'traditional',
      'kana',
      'half-width',
      'licenced',
    ])
      expect(categories).toContain(c);
  });

  it('still lets each licence use its own titles, in disguise or not', () => {
    expect(protectedTitlesIn(['全國通譯案內士'], 'national')).toEqual([]);
    expect(protectedTitlesIn(['Lic\u0435nsed Guide'], 'regional')).toEqual([]);
    expect(protectedTitlesIn(['全國通譯案內士'], 'regional')).toEqual(['全国通訳案内士']);
    expect(protectedTitlesIn(['地域通譯案內士'], 'regional')).toEqual([]);
    expect(protectedTitlesIn(['ちいきつうやくあんないし'], 'national')).toEqual(['チイキツウヤクアンナイシ']);
  });

  it('names each title once, as the list writes it, however many of its forms a text uses', () => {
    expect(protectedTitlesIn(['持证导游', '持證導遊'], null)).toEqual(['持证导游']);
    expect(protectedTitlesIn(['通譯案內士です'], null)).toEqual(['通訳案内士']);
    // Every listed title is found in its own words (none is hidden by a skeleton collision).
    for (const t of PROTECTED_TITLES) expect(protectedTitlesIn([t.term], null).length, t.term).toBeGreaterThan(0);
  });
});
