import type { ServiceCitySlug } from './cities';
import { LOCALES, type Locale } from './locales';

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

type Row = [slug: string, nameCn: string, nameEn: string, nameJa: string, addressJa: string, postalCode: string, lat: number, lng: number, aliases?: string[]];

const ROWS: Record<ServiceCitySlug, Row[]> = {
  tokyo: [
    ['tokyo-station', '东京站', 'Tokyo Station', '東京駅', '東京都千代田区丸の内1丁目', '100-0005', 35.6812, 139.7671, ['Marunouchi', '丸之内']],
    ['shinjuku-station', '新宿站', 'Shinjuku Station', '新宿駅', '東京都新宿区新宿3丁目38-1', '160-0022', 35.6896, 139.7006],
    ['shibuya-station', '涩谷站', 'Shibuya Station', '渋谷駅', '東京都渋谷区道玄坂1丁目1-1', '150-0043', 35.658, 139.7016, ['Hachiko', '八公']],
    ['ueno-station', '上野站', 'Ueno Station', '上野駅', '東京都台東区上野7丁目1-1', '110-0005', 35.7138, 139.7773],
    ['sensoji', '浅草寺', 'Senso-ji Temple (Asakusa)', '浅草寺', '東京都台東区浅草2丁目3-1', '111-0032', 35.7148, 139.7967, ['Asakusa', 'Kaminarimon', '雷门', '雷門']],
    ['skytree', '东京晴空塔', 'Tokyo Skytree', '東京スカイツリー', '東京都墨田区押上1丁目1-2', '131-0045', 35.7101, 139.8107],
    ['meiji-jingu', '明治神宫', 'Meiji Jingu Shrine', '明治神宮', '東京都渋谷区代々木神園町1-1', '151-8557', 35.6764, 139.6993, ['Harajuku', '原宿']],
  ],
  kyoto: [
    ['kyoto-station', '京都站', 'Kyoto Station', '京都駅', '京都府京都市下京区東塩小路町', '600-8216', 34.9858, 135.7588],
    ['kiyomizu-dera', '清水寺', 'Kiyomizu-dera Temple', '清水寺', '京都府京都市東山区清水1丁目294', '605-0862', 34.9949, 135.785],
    ['fushimi-inari', '伏见稻荷大社', 'Fushimi Inari Taisha', '伏見稲荷大社', '京都府京都市伏見区深草藪之内町68', '612-0882', 34.9671, 135.7727],
    ['kinkaku-ji', '金阁寺', 'Kinkaku-ji (Golden Pavilion)', '金閣寺', '京都府京都市北区金閣寺町1', '603-8361', 35.0394, 135.7292],
    ['yasaka-shrine', '八坂神社（祇园）', 'Yasaka Shrine (Gion)', '八坂神社', '京都府京都市東山区祇園町北側625', '605-0073', 35.0037, 135.7785, ['Gion', '祇园', '祇園']],
    ['tenryu-ji', '天龙寺（岚山）', 'Tenryu-ji Temple (Arashiyama)', '天龍寺', '京都府京都市右京区嵯峨天龍寺芒ノ馬場町68', '616-8385', 35.0158, 135.6737, ['Arashiyama', '岚山', '嵐山']],
    ['nijo-castle', '二条城', 'Nijo Castle', '二条城', '京都府京都市中京区二条通堀川西入二条城町541', '604-8301', 35.0142, 135.7482],
    ['ginkaku-ji', '银阁寺', 'Ginkaku-ji (Silver Pavilion)', '銀閣寺', '京都府京都市左京区銀閣寺町2', '606-8402', 35.027, 135.7982],
  ],
  osaka: [
    ['osaka-station', '大阪站', 'Osaka Station (Umeda)', '大阪駅', '大阪府大阪市北区梅田3丁目1-1', '530-0001', 34.7025, 135.4959, ['Umeda', '梅田']],
    ['shin-osaka-station', '新大阪站', 'Shin-Osaka Station', '新大阪駅', '大阪府大阪市淀川区西中島5丁目16-1', '532-0011', 34.7335, 135.5002],
    ['namba-station', '难波站', 'Namba Station', '難波駅', '大阪府大阪市中央区難波5丁目1-60', '542-0076', 34.6627, 135.5016],
    ['osaka-castle', '大阪城', 'Osaka Castle', '大阪城', '大阪府大阪市中央区大阪城1-1', '540-0002', 34.6873, 135.5262],
    ['dotonbori', '道顿堀', 'Dotonbori', '道頓堀', '大阪府大阪市中央区道頓堀1丁目', '542-0071', 34.6687, 135.5013, ['Glico', '格力高']],
    ['kuromon-market', '黑门市场', 'Kuromon Market', '黒門市場', '大阪府大阪市中央区日本橋2丁目4-1', '542-0073', 34.6654, 135.5066],
    ['tsutenkaku', '通天阁', 'Tsutenkaku Tower', '通天閣', '大阪府大阪市浪速区恵美須東1丁目18-6', '556-0002', 34.6525, 135.5063, ['Shinsekai', '新世界']],
  ],
  hiroshima: [
    ['hiroshima-station', '广岛站', 'Hiroshima Station', '広島駅', '広島県広島市南区松原町2-37', '732-0822', 34.3972, 132.4754],
    ['peace-park', '和平纪念公园', 'Peace Memorial Park', '平和記念公園', '広島県広島市中区中島町1', '730-0811', 34.3925, 132.4524],
    ['atomic-bomb-dome', '原爆圆顶馆', 'Atomic Bomb Dome', '原爆ドーム', '広島県広島市中区大手町1丁目10', '730-0051', 34.3955, 132.4536],
    ['hiroshima-castle', '广岛城', 'Hiroshima Castle', '広島城', '広島県広島市中区基町21-1', '730-0011', 34.4027, 132.4592],
    ['shukkeien', '缩景园', 'Shukkeien Garden', '縮景園', '広島県広島市中区上幟町2-11', '730-0014', 34.4005, 132.4679],
    ['itsukushima', '严岛神社（宫岛）', 'Itsukushima Shrine (Miyajima)', '厳島神社', '広島県廿日市市宮島町1-1', '739-0588', 34.296, 132.3198, ['Miyajima', '宫岛', '宮島']],
  ],
  sapporo: [
    ['sapporo-station', '札幌站', 'Sapporo Station', '札幌駅', '北海道札幌市北区北6条西4丁目', '060-0806', 43.0687, 141.3508],
    ['odori-park', '大通公园', 'Odori Park', '大通公園', '北海道札幌市中央区大通西7丁目', '060-0042', 43.0605, 141.3465],
    ['tv-tower', '札幌电视塔', 'Sapporo TV Tower', 'さっぽろテレビ塔', '北海道札幌市中央区大通西1丁目', '060-0042', 43.0611, 141.3564],
    ['clock-tower', '札幌钟楼', 'Sapporo Clock Tower', '札幌市時計台', '北海道札幌市中央区北1条西2丁目', '060-0001', 43.0626, 141.3536],
    ['susukino', '薄野', 'Susukino', 'すすきの', '北海道札幌市中央区南4条西4丁目', '064-0804', 43.0556, 141.353],
    ['nijo-market', '二条市场', 'Nijo Market', '二条市場', '北海道札幌市中央区南3条東1丁目', '060-0053', 43.0576, 141.3577],
  ],
  nara: [
    ['jr-nara-station', 'JR 奈良站', 'JR Nara Station', 'JR奈良駅', '奈良県奈良市三条本町1-1', '630-8122', 34.6809, 135.8197],
    ['kintetsu-nara-station', '近铁奈良站', 'Kintetsu Nara Station', '近鉄奈良駅', '奈良県奈良市東向中町29', '630-8215', 34.6845, 135.8276],
    ['todai-ji', '东大寺', 'Todai-ji Temple', '東大寺', '奈良県奈良市雑司町406-1', '630-8587', 34.689, 135.8398],
    ['nara-park', '奈良公园', 'Nara Park', '奈良公園', '奈良県奈良市登大路町', '630-8213', 34.6851, 135.843, ['deer', '小鹿', '鹿']],
    ['kofuku-ji', '兴福寺', 'Kofuku-ji Temple', '興福寺', '奈良県奈良市登大路町48', '630-8213', 34.6832, 135.8318],
    ['kasuga-taisha', '春日大社', 'Kasuga Taisha Shrine', '春日大社', '奈良県奈良市春日野町160', '630-8212', 34.6813, 135.8484],
  ],
  yokohama: [
    ['yokohama-station', '横滨站', 'Yokohama Station', '横浜駅', '神奈川県横浜市西区高島2丁目16-1', '220-0011', 35.466, 139.6223],
    ['shin-yokohama-station', '新横滨站', 'Shin-Yokohama Station', '新横浜駅', '神奈川県横浜市港北区篠原町2937', '222-0026', 35.5073, 139.6172],
    ['sakuragicho-station', '樱木町站（港未来）', 'Sakuragicho Station (Minato Mirai)', '桜木町駅', '神奈川県横浜市中区桜木町1丁目1', '231-0062', 35.4508, 139.631, ['Minato Mirai', '港未来', 'みなとみらい']],
    ['chinatown', '横滨中华街', 'Yokohama Chinatown', '横浜中華街', '神奈川県横浜市中区山下町', '231-0023', 35.4437, 139.6455],
    ['yamashita-park', '山下公园', 'Yamashita Park', '山下公園', '神奈川県横浜市中区山下町279', '231-0023', 35.446, 139.6505],
    ['red-brick-warehouse', '横滨红砖仓库', 'Red Brick Warehouse', '横浜赤レンガ倉庫', '神奈川県横浜市中区新港1丁目1', '231-0001', 35.4526, 139.643],
    ['sankeien', '三溪园', 'Sankeien Garden', '三溪園', '神奈川県横浜市中区本牧三之谷58-1', '231-0824', 35.4171, 139.6626],
  ],
  kobe: [
    ['sannomiya-station', '三宫站', 'Sannomiya Station', '三ノ宮駅', '兵庫県神戸市中央区布引町4丁目1-1', '651-0097', 34.6946, 135.1955, ['Sannomiya', '三宮']],
    ['shin-kobe-station', '新神户站', 'Shin-Kobe Station', '新神戸駅', '兵庫県神戸市中央区加納町1丁目3-1', '650-0001', 34.7067, 135.1955],
    ['kobe-station', '神户站', 'Kobe Station (Harborland)', '神戸駅', '兵庫県神戸市中央区相生町3丁目', '650-0025', 34.6794, 135.1781, ['Harborland', '神户港']],
    ['meriken-park', '美利坚公园', 'Meriken Park', 'メリケンパーク', '兵庫県神戸市中央区波止場町2', '650-0042', 34.6826, 135.1887, ['Port Tower', '神户塔']],
    ['nankinmachi', '南京町（中华街）', 'Nankinmachi Chinatown', '南京町', '兵庫県神戸市中央区元町通1丁目', '650-0022', 34.688, 135.188],
    ['kitano-ijinkan', '北野异人馆街', 'Kitano Ijinkan', '北野異人館街', '兵庫県神戸市中央区北野町', '650-0002', 34.7002, 135.1903],
  ],
  fukuoka: [
    ['hakata-station', '博多站', 'Hakata Station', '博多駅', '福岡県福岡市博多区博多駅中央街1-1', '812-0012', 33.5897, 130.4207],
    ['tenjin', '天神（西铁福冈站）', 'Tenjin (Nishitetsu Fukuoka Station)', '天神（西鉄福岡駅）', '福岡県福岡市中央区天神2丁目', '810-0001', 33.5903, 130.399],
    ['canal-city', '博多运河城', 'Canal City Hakata', 'キャナルシティ博多', '福岡県福岡市博多区住吉1丁目2', '812-0018', 33.5897, 130.4109],
    ['kushida-shrine', '栉田神社', 'Kushida Shrine', '櫛田神社', '福岡県福岡市博多区上川端町1-41', '812-0026', 33.593, 130.4106],
    ['ohori-park', '大濠公园', 'Ohori Park', '大濠公園', '福岡県福岡市中央区大濠公園', '810-0051', 33.586, 130.3764],
    ['fukuoka-tower', '福冈塔', 'Fukuoka Tower', '福岡タワー', '福岡県福岡市早良区百道浜2丁目3-26', '814-0001', 33.5933, 130.3515],
  ],
  nagoya: [
    ['nagoya-station', '名古屋站', 'Nagoya Station', '名古屋駅', '愛知県名古屋市中村区名駅1丁目1-4', '450-0002', 35.1709, 136.8815, ['Meieki', '名站']],
    ['nagoya-castle', '名古屋城', 'Nagoya Castle', '名古屋城', '愛知県名古屋市中区本丸1-1', '460-0031', 35.1856, 136.8991],
    ['atsuta-jingu', '热田神宫', 'Atsuta Jingu Shrine', '熱田神宮', '愛知県名古屋市熱田区神宮1丁目1-1', '456-8585', 35.1283, 136.9086],
    ['osu-kannon', '大须观音', 'Osu Kannon Temple', '大須観音', '愛知県名古屋市中区大須2丁目21-47', '460-0011', 35.1595, 136.8987],
    ['oasis-21', '绿洲21（荣）', 'Oasis 21 (Sakae)', 'オアシス21', '愛知県名古屋市東区東桜1丁目11-1', '461-0005', 35.1709, 136.9104, ['Sakae', '荣', '栄']],
    ['toyota-museum', '丰田产业技术纪念馆', 'Toyota Commemorative Museum', 'トヨタ産業技術記念館', '愛知県名古屋市西区則武新町4丁目1-35', '451-0051', 35.1829, 136.8779],
  ],
};

export const MEETING_POINTS: readonly MeetingPoint[] = (Object.entries(ROWS) as [ServiceCitySlug, Row[]][]).flatMap(([city, rows]) =>
  rows.map(([slug, nameCn, nameEn, nameJa, addressJa, postalCode, lat, lng, aliases]) => ({ id: `${city}/${slug}`, city, nameCn, nameEn, nameJa, addressJa, postalCode, lat, lng, aliases })),
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
  MEETING_POINTS.map((p) => [p.id, [p.nameCn, p.nameEn, p.nameJa, ...(p.aliases ?? [])].map(foldForSearch).filter(Boolean)] as const),
);

/**
 * The meeting points matching what the traveler typed, best first: a name starting with the text,
 * then a name containing it, then a name the text starts with ("京都站中央口" finds Kyoto Station).
 * `city` puts that city's places first among equals. Empty text finds nothing.
 */
export function searchMeetingPoints(query: string, options: { city?: string | null; limit?: number } = {}): MeetingPoint[] {
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
  const asWritten = !text || text === mine ? null : chooser ? { text: meetingPointName(listed, chooser), locale: chooser } : { text, locale: null };
  return { kind: 'listed', name: meetingPointName(listed, locale), addressJa: listed.addressJa, asWritten };
}

/**
 * What the "Show the driver" card prints (decision 103): a listed place's Japanese name and Japanese
 * address; otherwise the address line as the traveler wrote it, without a name (none is known).
 */
export function driverCardOf(m: { meetingAddress?: string | null; meetingPostalCode?: string | null } & MeetingCoords): { nameJa: string | null; address: string; postalCode: string | null } | null {
  const listed = findMeetingPoint(m);
  if (listed) return { nameJa: listed.nameJa, address: listed.addressJa, postalCode: m.meetingPostalCode || listed.postalCode };
  const address = m.meetingAddress?.trim();
  return address ? { nameJa: null, address, postalCode: m.meetingPostalCode || null } : null;
}
