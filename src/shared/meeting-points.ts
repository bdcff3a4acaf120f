import type { ServiceCitySlug } from './cities';
import { LOCALES, type Locale } from './locales';
import type { MeetingPointRow } from './meeting-points/row';
import { FUKUOKA } from './meeting-points/fukuoka';
import { HIROSHIMA } from './meeting-points/hiroshima';
import { KOBE } from './meeting-points/kobe';
import { KYOTO } from './meeting-points/kyoto';
import { NAGOYA } from './meeting-points/nagoya';
import { NARA } from './meeting-points/nara';
import { OSAKA } from './meeting-points/osaka';
import { SAPPORO } from './meeting-points/sapporo';
import { TOKYO } from './meeting-points/tokyo';
import { YOKOHAMA } from './meeting-points/yokohama';

/**
 * Meeting points: the main stations and sights of the ten service cities, each with its
 * names in Chinese, English and Japanese, its Japanese address, its postal code (7 digits, docs/rules/messaging.md)
 * and its coordinates. The picker of the tour request, the checkout and the guide's offer searches
 * them as the traveler types in any of the three scripts; choosing one fills the address, the
 * postal code and the coordinates the trip card and the booking PDF link to a map (decision 094).
 */
export interface MeetingPoint {
  /** Stable key, `city/slug`. */
  id: string;
  city: ServiceCitySlug;
  nameCn: string;
  nameEn: string;
  nameJa: string;
  /** The Japanese postal address (what a taxi driver reads), without the postal code. */
  addressJa: string;
  /** 123-4567. */
  postalCode: string;
  lat: number;
  lng: number;
  /** Further words a traveler may type (romanisations without macrons, districts, exits). */
  aliases?: string[];
}

/** The cities in the order MEETING_POINTS lists them: searchMeetingPoints ranks equal matches by that order. */
const ROWS: Record<ServiceCitySlug, MeetingPointRow[]> = {
  tokyo: TOKYO,
  kyoto: KYOTO,
  osaka: OSAKA,
  hiroshima: HIROSHIMA,
  sapporo: SAPPORO,
  nara: NARA,
  yokohama: YOKOHAMA,
  kobe: KOBE,
  fukuoka: FUKUOKA,
  nagoya: NAGOYA,
};

export const MEETING_POINTS: readonly MeetingPoint[] = (
  Object.entries(ROWS) as [ServiceCitySlug, MeetingPointRow[]][]
).flatMap(([city, rows]) =>
  rows.map(([slug, nameCn, nameEn, nameJa, addressJa, postalCode, lat, lng, aliases]) => ({
    id: `${city}/${slug}`,
    city,
    nameCn,
    nameEn,
    nameJa,
    addressJa,
    postalCode,
    lat,
    lng,
    aliases,
  })),
);

/**
 * Japanese shinjitai (and traditional) characters folded to their simplified Chinese form, so
 * "京都駅", "京都站" and "東京站" all find their station: 駅 and 站 are one word in the two scripts.
 */
const VARIANTS: Record<string, string> = Object.fromEntries(
  (
    '駅站 東东 広广 廣广 島岛 見见 稲稻 閣阁 銀银 龍龙 竜龙 嵐岚 園园 黒黑 門门 場场 頓顿 閣阁 記记 紀纪 念念 圓圆 縮缩 厳严 嚴严 ' +
    '宮宫 電电 視视 時时 計计 鐘钟 楽乐 鉄铁 戸户 異异 館馆 濱滨 浜滨 華华 倉仓 庫库 紅红 渓溪 谿溪 興兴 櫻樱 桜樱 須须 観观 ' +
    '熱热 産产 業业 術术 豊丰 岡冈 櫛栉 運运 條条 區区 臺台 關关 難难 渋涩 澁涩 縄绳 ' +
    '陽阳 邊边 辺边 塩盐 鹽盐 線线 車车 國国 學学 會会 羅罗 漢汉 觀观 寶宝 壽寿 藥药 薬药 榮荣 栄荣 雜杂 雑杂 殺杀'
  )
    .split(/\s+/)
    .filter((pair) => pair.length === 2 && pair[0] !== pair[1])
    .map((pair) => [pair[0]!, pair[1]!]),
);

/** Lower case, no accents, no spaces or punctuation, full-width folded, Japanese kanji as simplified. */
export function foldForSearch(s: string): string {
  return s
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s\-‐‑–—_·・.,，。、'’"“”()（）[\]【】/]+/g, '')
    .replace(/[\u3400-\u9fff\uf900-\ufaff]/g, (c) => VARIANTS[c] ?? c);
}

const SEARCH_KEYS = new Map(
  MEETING_POINTS.map(
    (p) => [p.id, [p.nameCn, p.nameEn, p.nameJa, ...(p.aliases ?? [])].map(foldForSearch).filter(Boolean)] as const,
  ),
);

/**
 * The meeting points matching what the traveler typed, best first: a name starting with the text,
 * then a name containing it, then a name the text starts with ("京都站中央口" finds Kyoto Station).
 * `city` puts that city's places first among equals. Empty text finds nothing.
 */
export function searchMeetingPoints(
  query: string,
  options: { city?: string | null; limit?: number } = {},
): MeetingPoint[] {
  const q = foldForSearch(query);
  if (!q) return [];
  const scored: { p: MeetingPoint; score: number; order: number }[] = [];
  MEETING_POINTS.forEach((p, order) => {
    let best = 0;
    for (const key of SEARCH_KEYS.get(p.id)!) {
      if (key.startsWith(q)) best = Math.max(best, 3);
      else if (key.includes(q)) best = Math.max(best, 2);
      else if (key.length >= 2 && q.startsWith(key)) best = Math.max(best, 1);
    }
    if (best) scored.push({ p, score: best * 2 + (options.city && p.city === options.city ? 1 : 0), order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, options.limit ?? 8).map((s) => s.p);
}

/** The place's name in the reader's language: Chinese for zh-CN, as written in Japan for ja, English otherwise. */
export function meetingPointName(p: MeetingPoint, locale: string): string {
  return locale === 'zh-CN' ? p.nameCn : locale === 'ja' ? p.nameJa : p.nameEn;
}

/**
 * What choosing a place writes in the address field: its name in the reader's language, then its
 * Japanese address (for the guide, a taxi driver, the PDF), e.g. "京都站 · 京都府京都市下京区東塩小路町".
 */
export function meetingPointAddress(p: MeetingPoint, locale: string): string {
  return `${meetingPointName(p, locale)} · ${p.addressJa}`;
}

/** Coordinates as stored with a request, an offer or a booking: both or neither. */
export interface MeetingCoords {
  meetingLat?: number | null;
  meetingLng?: number | null;
}

/** The listed place at exactly these coordinates (a booking made from the list keeps them as chosen). */
export function findMeetingPoint(c: MeetingCoords): MeetingPoint | undefined {
  if (c.meetingLat == null || c.meetingLng == null) return undefined;
  return MEETING_POINTS.find((p) => p.lat === c.meetingLat && p.lng === c.meetingLng);
}

/** A booked place as one reader reads it (`placeForReader`). */
type PlaceForReader =
  | { kind: 'listed'; name: string; addressJa: string; asWritten: { text: string; locale: Locale | null } | null }
  | { kind: 'typed'; text: string };

/**
 * A booked place as a reader of `locale` reads it (decision 175). A listed place (its coordinates are
 * the list's) by its name in that language and its Japanese address, with the words it was booked under
 * as `asWritten` when they differ: the list's name in the chooser's language (`locale` says which), or
 * the whole text when it was changed after the choice (`locale` null: the caller knows its language or
 * not). A place typed by hand is as its writer typed it: no list names it in another language.
 */
export function placeForReader(m: { meetingAddress?: string | null } & MeetingCoords, locale: Locale): PlaceForReader {
  const text = m.meetingAddress?.trim() ?? '';
  const listed = findMeetingPoint(m);
  if (!listed) return { kind: 'typed', text };
  const mine = meetingPointAddress(listed, locale);
  const chooser = LOCALES.find((l) => meetingPointAddress(listed, l) === text);
  const asWritten =
    !text || text === mine
      ? null
      : chooser
        ? { text: meetingPointName(listed, chooser), locale: chooser }
        : { text, locale: null };
  return { kind: 'listed', name: meetingPointName(listed, locale), addressJa: listed.addressJa, asWritten };
}

/**
 * What the "Show the driver" card prints (decision 103): a listed place's Japanese name and Japanese
 * address; otherwise the address line as the traveler wrote it, without a name (none is known).
 */
export function driverCardOf(
  m: { meetingAddress?: string | null; meetingPostalCode?: string | null } & MeetingCoords,
): { nameJa: string | null; address: string; postalCode: string | null } | null {
  const listed = findMeetingPoint(m);
  if (listed)
    return { nameJa: listed.nameJa, address: listed.addressJa, postalCode: m.meetingPostalCode || listed.postalCode };
  const address = m.meetingAddress?.trim();
  return address ? { nameJa: null, address, postalCode: m.meetingPostalCode || null } : null;
}
