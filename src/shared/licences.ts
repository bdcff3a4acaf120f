/**
 * Licensed guides (issue 26 part 2, decision 092): the two licences of the Licensed Guide Interpreter
 * Act (通訳案内士法, as changed in 2018), the titles only their holders may use, and the check every
 * listing text passes before it is saved. Shared by the API and the web app.
 */
import type { Locale } from './locales';

/** 全国通訳案内士 (national) or 地域通訳案内士 (regional, registered for one region). */
export const LICENCE_KINDS = ['national', 'regional'] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];

/** A guide's licence, or the proof of passenger/vehicle insurance needed to drive travelers. */
export const CREDENTIAL_TYPES = ['licence', 'insurance'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

export const CREDENTIAL_STATUSES = ['submitted', 'verified', 'rejected'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

/** The licence card photo or insurance certificate: at most 10 MB, like every private document. */
export const CREDENTIAL_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The 47 prefectures (JIS X 0401 order): a licence is registered with one of them. */
export const PREFECTURES = [
  'hokkaido', 'aomori', 'iwate', 'miyagi', 'akita', 'yamagata', 'fukushima', 'ibaraki', 'tochigi', 'gunma', 'saitama', 'chiba', 'tokyo', 'kanagawa',
  'niigata', 'toyama', 'ishikawa', 'fukui', 'yamanashi', 'nagano', 'gifu', 'shizuoka', 'aichi', 'mie', 'shiga', 'kyoto', 'osaka', 'hyogo', 'nara',
  'wakayama', 'tottori', 'shimane', 'okayama', 'hiroshima', 'yamaguchi', 'tokushima', 'kagawa', 'ehime', 'kochi', 'fukuoka', 'saga', 'nagasaki',
  'kumamoto', 'oita', 'miyazaki', 'kagoshima', 'okinawa',
] as const;
export type Prefecture = (typeof PREFECTURES)[number];

/** The official name of each licence (never translated: it is the title the Act protects). */
export const LICENCE_TITLES: Record<LicenceKind, string> = { national: '全国通訳案内士', regional: '地域通訳案内士' };

/** The badge a verified licence shows on the card and profile. */
export function licenceBadge(locale: Locale, kind: LicenceKind, region?: string | null): string {
  if (locale === 'zh-CN') return `持证通译导游（${LICENCE_TITLES[kind]}${kind === 'regional' && region ? `·${region}` : ''}）`;
  return kind === 'national' ? 'Licensed Guide Interpreter' : `Regional Licensed Guide Interpreter${region ? ` (${region})` : ''}`;
}

/**
 * A protected title and who may use it: `national` only the holder of a verified 全国通訳案内士
 * licence, `regional` only of a 地域通訳案内士 licence, `any` the holder of either.
 */
interface ProtectedTitle {
  term: string;
  scope: 'national' | 'regional' | 'any';
}

/**
 * The titles (and look-alikes) a listing may not use without the verified licence: the Act's own
 * names, the "confusingly similar" ones the Japan Tourism Agency names, and how they are written in
 * simplified and traditional Chinese and in English. Matched case-, width- and space-insensitively
 * (see `compact`), so "通訳 ガイド", "Certified  Guide" and "ｃｅｒｔｉｆｉｅｄ guide" count too.
 * Decision 092 records why each is here and what was left out.
 */
export const PROTECTED_TITLES: readonly ProtectedTitle[] = [
  // Japanese: the Act's titles and the look-alikes the agency warns about
  { term: '全国通訳案内士', scope: 'national' },
  { term: '全国通訳ガイド', scope: 'national' },
  { term: '地域通訳案内士', scope: 'regional' },
  { term: '通訳案内士', scope: 'any' },
  { term: '通訳案内業', scope: 'any' },
  { term: '通訳案内', scope: 'any' },
  { term: '通訳ガイド', scope: 'any' },
  { term: '認定ガイド', scope: 'any' },
  { term: '公認ガイド', scope: 'any' },
  { term: '国家資格ガイド', scope: 'any' },
  { term: '有資格ガイド', scope: 'any' },
  // Simplified and traditional Chinese
  { term: '全国通译导游', scope: 'national' },
  { term: '全國通譯導遊', scope: 'national' },
  { term: '全国通译案内士', scope: 'national' },
  { term: '地域通译导游', scope: 'regional' },
  { term: '地区通译导游', scope: 'regional' },
  { term: '地域通译案内士', scope: 'regional' },
  { term: '通译案内士', scope: 'any' },
  { term: '通译导游', scope: 'any' },
  { term: '通譯導遊', scope: 'any' },
  { term: '持证导游', scope: 'any' },
  { term: '持證導遊', scope: 'any' },
  { term: '认证导游', scope: 'any' },
  { term: '認證導遊', scope: 'any' },
  { term: '注册导游', scope: 'any' },
  { term: '国家认证导游', scope: 'any' },
  { term: '国家资格导游', scope: 'any' },
  { term: '官方导游', scope: 'any' },
  { term: '持牌导游', scope: 'any' },
  // English (and the romanized titles)
  { term: 'national licensed guide', scope: 'national' },
  { term: 'national guide interpreter', scope: 'national' },
  { term: 'zenkoku tsuyaku annaishi', scope: 'national' },
  { term: 'regional guide interpreter', scope: 'regional' },
  { term: 'chiiki tsuyaku annaishi', scope: 'regional' },
  { term: 'tsuyaku annaishi', scope: 'any' },
  { term: 'tsuuyaku annaishi', scope: 'any' },
  { term: 'licensed guide interpreter', scope: 'any' },
  { term: 'licensed guide', scope: 'any' },
  { term: 'licensed tour guide', scope: 'any' },
  { term: 'government licensed', scope: 'any' },
  { term: 'certified guide', scope: 'any' },
  { term: 'certified tour guide', scope: 'any' },
  { term: 'registered guide', scope: 'any' },
];

/**
 * The form texts are compared in: width-folded (NFKC), lower case, without spaces, hyphens, dots and
 * middle dots, so spacing or punctuation inside a title does not hide it.
 */
export function compact(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s\-‐‑–—_.·・･]+/g, '');
}

const COMPACT_TITLES = PROTECTED_TITLES.map((t) => ({ ...t, key: compact(t.term) }));

/**
 * The protected titles found in `texts` that a guide holding `licence` (the verified kind, or null)
 * may not use, as written in the list (each once, in list order).
 */
export function protectedTitlesIn(texts: readonly string[], licence: LicenceKind | null): string[] {
  const haystack = texts.map(compact).join('\u0000');
  const found: string[] = [];
  for (const t of COMPACT_TITLES) {
    if (licence && (t.scope === 'any' || t.scope === licence)) continue;
    if (haystack.includes(t.key)) found.push(t.term);
  }
  // A longer title found hides the shorter ones it contains (全国通訳案内士 ⊃ 通訳案内士 ⊃ 通訳案内).
  return found.filter((term) => !found.some((other) => other !== term && compact(other).includes(compact(term))));
}

/** The refusal, in the guide's language: which words, and why. */
export function protectedTitleMessage(locale: Locale, words: readonly string[]): string {
  if (locale === 'zh-CN') {
    const list = words.map((w) => `“${w}”`).join('、');
    return `${list} 是日本《通訳案内士法》（2018年修订）保护的称号或易混淆的类似称号，只有持有并经我们核实登记的全国通訳案内士或地域通訳案内士才能使用。请删除这些词，或先在“地陪执照”中提交您的执照供审核。`;
  }
  const list = words.map((w) => `"${w}"`).join(', ');
  return `${list}: Japan's Licensed Guide Interpreter Act (as changed in 2018) reserves these titles, and confusingly similar ones, for registered 全国通訳案内士 / 地域通訳案内士 whose registration we have verified. Remove them, or add your licence under "Guide licence" for review first.`;
}

/** Each prefecture's name in Japanese (as on the licence card; Chinese readers read it as written) and English. */
export const PREFECTURE_NAMES: Record<Prefecture, [ja: string, en: string]> = {
  hokkaido: ['北海道', 'Hokkaido'], aomori: ['青森県', 'Aomori'], iwate: ['岩手県', 'Iwate'], miyagi: ['宮城県', 'Miyagi'], akita: ['秋田県', 'Akita'],
  yamagata: ['山形県', 'Yamagata'], fukushima: ['福島県', 'Fukushima'], ibaraki: ['茨城県', 'Ibaraki'], tochigi: ['栃木県', 'Tochigi'], gunma: ['群馬県', 'Gunma'],
  saitama: ['埼玉県', 'Saitama'], chiba: ['千葉県', 'Chiba'], tokyo: ['東京都', 'Tokyo'], kanagawa: ['神奈川県', 'Kanagawa'], niigata: ['新潟県', 'Niigata'],
  toyama: ['富山県', 'Toyama'], ishikawa: ['石川県', 'Ishikawa'], fukui: ['福井県', 'Fukui'], yamanashi: ['山梨県', 'Yamanashi'], nagano: ['長野県', 'Nagano'],
  gifu: ['岐阜県', 'Gifu'], shizuoka: ['静岡県', 'Shizuoka'], aichi: ['愛知県', 'Aichi'], mie: ['三重県', 'Mie'], shiga: ['滋賀県', 'Shiga'],
  kyoto: ['京都府', 'Kyoto'], osaka: ['大阪府', 'Osaka'], hyogo: ['兵庫県', 'Hyogo'], nara: ['奈良県', 'Nara'], wakayama: ['和歌山県', 'Wakayama'],
  tottori: ['鳥取県', 'Tottori'], shimane: ['島根県', 'Shimane'], okayama: ['岡山県', 'Okayama'], hiroshima: ['広島県', 'Hiroshima'], yamaguchi: ['山口県', 'Yamaguchi'],
  tokushima: ['徳島県', 'Tokushima'], kagawa: ['香川県', 'Kagawa'], ehime: ['愛媛県', 'Ehime'], kochi: ['高知県', 'Kochi'], fukuoka: ['福岡県', 'Fukuoka'],
  saga: ['佐賀県', 'Saga'], nagasaki: ['長崎県', 'Nagasaki'], kumamoto: ['熊本県', 'Kumamoto'], oita: ['大分県', 'Oita'], miyazaki: ['宮崎県', 'Miyazaki'],
  kagoshima: ['鹿児島県', 'Kagoshima'], okinawa: ['沖縄県', 'Okinawa'],
};

export const prefectureName = (p: string, locale: Locale): string => {
  const names = PREFECTURE_NAMES[p as Prefecture];
  return names ? (locale === 'zh-CN' ? names[0] : `${names[1]} (${names[0]})`) : p;
};
