import Encoding from 'encoding-japanese';
import { SMALL_TO_LARGE_KANA } from '../../../shared/zengin-name';

/**
 * How a guide's words find a bank or branch in the Zengin list. The list writes short names
 * (三井住友, not 三井住友銀行; 京都信金, not 京都信用金庫), kana without small letters (キヨウト for
 * キョウト) and a romaji spelt from that kana (kiyouto). A guide types the bank's full name, its kana as
 * it is said, or its name in Hepburn (kyoto, chuo, yucho), so the query and each entry are brought to
 * the same keys before they are compared. bank-search.test.ts holds the table.
 */

export interface ListEntry {
  code: string;
  name: string;
  kana: string;
  roma: string;
}

/** The list's short form of what a full name ends with, in kanji and kana, longest first. */
const FULL_TO_SHORT: [RegExp, string][] = [
  [/(信用金庫|シンヨウキンコ)$/, '信金'],
  [/(信用組合|シンヨウクミアイ)$/, '信組'],
  [/(農業協同組合|ノウギヨウキヨウドウクミアイ)$/, '農協'],
  [/(銀行|ギンコウ|ギンコ)$/, ''],
];
const ROMAJI_NOISE = /^bank ?of ?|( ?bank| ?ginkou?)$/;

/** Kana as the list writes it: katakana, small letters made large, no long-vowel marks or hyphens. */
const listKana = (s: string) =>
  [...Encoding.toKatakanaCase(s.normalize('NFKC'))]
    .map((c) => SMALL_TO_LARGE_KANA[c] ?? c)
    .join('')
    .replace(/[ー－\-‐\s\u3000]/g, '');

/**
 * Romaji with the differences between the list's spelling and Hepburn taken out: a kana written
 * large before ya/yu/yo (kiyo, shiyo, chiyu) becomes the contracted sound (kyo, sho, chu), and long
 * vowels are one letter (ou, oo, uu): kiyouto and kyoto both read kyoto.
 */
export const looseRomaji = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/(sh|ch|j)iy/g, '$1')
    .replace(/([kgnhbpmr])iy/g, '$1y')
    .replace(/ou|oo/g, 'o')
    .replace(/uu/g, 'u');

export interface SearchKey {
  digits: string | null;
  name: string;
  kana: string;
  roma: string;
}

/** The keys a query is compared by; null for an empty query (everything matches). */
export function searchKeyOf(query: string): SearchKey | null {
  const q = query.normalize('NFKC').trim();
  if (!q) return null;
  if (/^\d+$/.test(q)) return { digits: q, name: '', kana: '', roma: '' };
  let name = Encoding.toKatakanaCase(q).toLowerCase().replace(/\s+/g, '');
  for (const [full, short] of FULL_TO_SHORT) name = name.replace(full, short);
  const kana = listKana(name);
  const roma = /^[a-z .\-']+$/i.test(q) ? looseRomaji(q.toLowerCase().replace(ROMAJI_NOISE, '')) : '';
  return { digits: null, name, kana, roma };
}

/**
 * How well an entry matches: 0 the same name, 1 a name that starts with the query, 2 one that holds
 * it; null for no match. A code is matched by its start. Sorting by rank puts 京都銀行 first for 京都
 * (the list holds thirteen institutions with 京都 in their name).
 */
export function matchRank(entry: ListEntry, key: SearchKey | null): number | null {
  if (!key) return 2;
  if (key.digits !== null) return entry.code.startsWith(key.digits) ? (entry.code === key.digits ? 0 : 1) : null;
  const forms: [string, string][] = [
    [Encoding.toKatakanaCase(entry.name.normalize('NFKC')).toLowerCase(), key.name],
    [listKana(entry.kana), key.kana],
    [looseRomaji(entry.roma), key.roma],
  ];
  let best: number | null = null;
  for (const [have, want] of forms) {
    if (!want || !have) continue;
    const rank = have === want ? 0 : have.startsWith(want) ? 1 : have.includes(want) ? 2 : null;
    if (rank !== null && (best === null || rank < best)) best = rank;
  }
  return best;
}

/** The entries that match `query`, best first (the list's order among equals), at most `limit`. */
export function rankEntries<T extends ListEntry>(entries: Iterable<T>, query: string | undefined, limit: number): T[] {
  const key = searchKeyOf(query ?? '');
  const ranked: { entry: T; rank: number; at: number }[] = [];
  let at = 0;
  for (const entry of entries) {
    const rank = matchRank(entry, key);
    if (rank !== null) ranked.push({ entry, rank, at: at++ });
  }
  return ranked
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .slice(0, limit)
    .map((r) => r.entry);
}
