/**
 * Licensed guides (decision 092): the two licences of the Licensed Guide Interpreter
 * Act (通訳案内士法, as changed in 2018), their badge and the prefectures that register them. Shared
 * by the API and the web app. The titles only their holders may use are in `protected-titles.ts`,
 * which the web app does not import (its skeleton data stays out of the web bundle, decision 099).
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
  'hokkaido',
  'aomori',
  'iwate',
  'miyagi',
  'akita',
  'yamagata',
  'fukushima',
  'ibaraki',
  'tochigi',
  'gunma',
  'saitama',
  'chiba',
  'tokyo',
  'kanagawa',
  'niigata',
  'toyama',
  'ishikawa',
  'fukui',
  'yamanashi',
  'nagano',
  'gifu',
  'shizuoka',
  'aichi',
  'mie',
  'shiga',
  'kyoto',
  'osaka',
  'hyogo',
  'nara',
  'wakayama',
  'tottori',
  'shimane',
  'okayama',
  'hiroshima',
  'yamaguchi',
  'tokushima',
  'kagawa',
  'ehime',
  'kochi',
  'fukuoka',
  'saga',
  'nagasaki',
  'kumamoto',
  'oita',
  'miyazaki',
  'kagoshima',
  'okinawa',
] as const;
export type Prefecture = (typeof PREFECTURES)[number];

/**
 * The foreign languages the national guide examination is held in (通訳案内士試験: 英語, 中国語, 韓国語,
 * フランス語, スペイン語, ドイツ語, イタリア語, ポルトガル語, ロシア語, タイ語), as ISO 639-1 codes: what a
 * licence can be for, offered as a choice rather than codes to type.
 */
export const LICENCE_LANGUAGES = ['en', 'zh', 'ko', 'fr', 'es', 'de', 'it', 'pt', 'ru', 'th'] as const;

/** The official name of each licence (never translated: it is the title the Act protects). */
export const LICENCE_TITLES: Record<LicenceKind, string> = { national: '全国通訳案内士', regional: '地域通訳案内士' };

/** Each prefecture's name in Japanese (as on the licence card; Chinese readers read it as written) and English. */
export const PREFECTURE_NAMES: Record<Prefecture, [ja: string, en: string]> = {
  hokkaido: ['北海道', 'Hokkaido'],
  aomori: ['青森県', 'Aomori'],
  iwate: ['岩手県', 'Iwate'],
  miyagi: ['宮城県', 'Miyagi'],
  akita: ['秋田県', 'Akita'],
  yamagata: ['山形県', 'Yamagata'],
  fukushima: ['福島県', 'Fukushima'],
  ibaraki: ['茨城県', 'Ibaraki'],
  tochigi: ['栃木県', 'Tochigi'],
  gunma: ['群馬県', 'Gunma'],
  saitama: ['埼玉県', 'Saitama'],
  chiba: ['千葉県', 'Chiba'],
  tokyo: ['東京都', 'Tokyo'],
  kanagawa: ['神奈川県', 'Kanagawa'],
  niigata: ['新潟県', 'Niigata'],
  toyama: ['富山県', 'Toyama'],
  ishikawa: ['石川県', 'Ishikawa'],
  fukui: ['福井県', 'Fukui'],
  yamanashi: ['山梨県', 'Yamanashi'],
  nagano: ['長野県', 'Nagano'],
  gifu: ['岐阜県', 'Gifu'],
  shizuoka: ['静岡県', 'Shizuoka'],
  aichi: ['愛知県', 'Aichi'],
  mie: ['三重県', 'Mie'],
  shiga: ['滋賀県', 'Shiga'],
  kyoto: ['京都府', 'Kyoto'],
  osaka: ['大阪府', 'Osaka'],
  hyogo: ['兵庫県', 'Hyogo'],
  nara: ['奈良県', 'Nara'],
  wakayama: ['和歌山県', 'Wakayama'],
  tottori: ['鳥取県', 'Tottori'],
  shimane: ['島根県', 'Shimane'],
  okayama: ['岡山県', 'Okayama'],
  hiroshima: ['広島県', 'Hiroshima'],
  yamaguchi: ['山口県', 'Yamaguchi'],
  tokushima: ['徳島県', 'Tokushima'],
  kagawa: ['香川県', 'Kagawa'],
  ehime: ['愛媛県', 'Ehime'],
  kochi: ['高知県', 'Kochi'],
  fukuoka: ['福岡県', 'Fukuoka'],
  saga: ['佐賀県', 'Saga'],
  nagasaki: ['長崎県', 'Nagasaki'],
  kumamoto: ['熊本県', 'Kumamoto'],
  oita: ['大分県', 'Oita'],
  miyazaki: ['宮崎県', 'Miyazaki'],
  kagoshima: ['鹿児島県', 'Kagoshima'],
  okinawa: ['沖縄県', 'Okinawa'],
};

export const prefectureName = (p: string, locale: Locale): string => {
  const names = PREFECTURE_NAMES[p as Prefecture];
  return names ? (locale === 'en' ? `${names[1]} (${names[0]})` : names[0]) : p;
};
