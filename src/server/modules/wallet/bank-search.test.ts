import zengin from 'zengin-code';
import { describe, expect, it } from 'vitest';
import { yuchoTransferAccount } from '../../../shared/yucho';
import { looseRomaji, rankEntries } from './bank-search';

/** The Zengin list as the lookup routes search it (banks.ts), and the first few codes a query finds. */
const banks = Object.values(zengin);
const first = (q: string, n = 1) =>
  rankEntries(banks, q, 30)
    .slice(0, n)
    .map((b) => `${b.code} ${b.name}`);

describe('bank search finds a bank as a guide names it', () => {
  it.each([
    // Full names, as the bank calls itself.
    ['三井住友銀行', '0009 三井住友'],
    ['みずほ銀行', '0001 みずほ'],
    ['京都銀行', '0158 京都'],
    ['ゆうちょ銀行', '9900 ゆうちょ'],
    ['三菱UFJ銀行', '0005 三菱ＵＦＪ'],
    ['京都中央信用金庫', '1611 京都中央信金'],
    // Short names: the bank itself before the twelve others with 京都 in their names.
    ['京都', '0158 京都'],
    ['ゆうちょ', '9900 ゆうちょ'],
    ['三井住友', '0009 三井住友'],
    // Kana as it is said (small letters, long marks), in katakana or hiragana.
    ['キョウトギンコウ', '0158 京都'],
    ['きょうと', '0158 京都'],
    ['ミツビシユーエフジェイ', '0005 三菱ＵＦＪ'],
    ['みついすみとも', '0009 三井住友'],
    // Romaji in Hepburn, with or without "bank".
    ['Kyoto', '0158 京都'],
    ['mitsui sumitomo', '0009 三井住友'],
    ['Mizuho Bank', '0001 みずほ'],
    ['yucho', '9900 ゆうちょ'],
    ['Bank of Kyoto', '0158 京都'],
    // Codes.
    ['0009', '0009 三井住友'],
    ['9900', '9900 ゆうちょ'],
  ])('%s → %s', (q, code) => {
    expect(first(q)).toEqual([code]);
  });

  it('a code matches by its start, a name nowhere in the list matches nothing', () => {
    expect(rankEntries(banks, '000', 30).every((b) => b.code.startsWith('000'))).toBe(true);
    expect(rankEntries(banks, '存在しない銀行', 30)).toEqual([]);
  });

  it('finds a branch by name, kana, romaji or code, and ゆうちょ’s by the branch its 記号 converts to', () => {
    const mizuho = Object.values(zengin['0001']!.branches);
    expect(rankEntries(mizuho, '東京営業部', 30)[0]?.code).toBe('001');
    // The list spells this branch's kana トウキヨウ.
    expect(rankEntries(mizuho, 'とうきょう', 30)[0]?.code).toBe('001');
    expect(rankEntries(mizuho, 'Tokyo', 30)[0]?.code).toBe('001');
    const yucho = Object.values(zengin['9900']!.branches);
    const converted = yuchoTransferAccount('10530', '12345671')!;
    expect(rankEntries(yucho, converted.branchCode, 30)[0]).toMatchObject({ code: '058', name: '〇五八' });
  });

  it('reads the list’s romaji and Hepburn alike', () => {
    expect(looseRomaji('kiyouto')).toBe(looseRomaji('Kyōto'.normalize('NFD')));
    expect(looseRomaji('kiyoutochiyuuou')).toBe('kyotochuo');
    expect(looseRomaji('yuuchiyo')).toBe('yucho');
    expect(looseRomaji('toukiyou')).toBe('tokyo');
  });
});
