import { describe, expect, it } from 'vitest';
import { SERVICE_CITIES } from './cities';
import { normalizePostalCode } from './messaging/postal-code';
import {
  foldForSearch,
  MEETING_POINTS,
  meetingPointAddress,
  placeForReader,
  searchMeetingPoints,
} from './meeting-points';

/** Each city's centre (its main station), to check every place lies near its city. */
const CENTRES: Record<string, [number, number]> = {
  tokyo: [35.6812, 139.7671],
  kyoto: [34.9858, 135.7588],
  osaka: [34.7025, 135.4959],
  hiroshima: [34.3972, 132.4754],
  sapporo: [43.0687, 141.3508],
  nara: [34.6809, 135.8197],
  yokohama: [35.466, 139.6223],
  kobe: [34.6946, 135.1955],
  fukuoka: [33.5897, 130.4207],
  nagoya: [35.1709, 136.8815],
};

const km = ([lat1, lng1]: [number, number], [lat2, lng2]: [number, number]) => {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
};

describe('meeting points', () => {
  it('has 5 to 8 places in each of the ten service cities, each with three names and a unique id', () => {
    for (const c of SERVICE_CITIES) {
      const n = MEETING_POINTS.filter((p) => p.city === c.slug).length;
      expect(n, c.slug).toBeGreaterThanOrEqual(5);
      expect(n, c.slug).toBeLessThanOrEqual(8);
    }
    expect(new Set(MEETING_POINTS.map((p) => p.id)).size).toBe(MEETING_POINTS.length);
    for (const p of MEETING_POINTS) {
      expect(p.nameCn.trim(), p.id).not.toBe('');
      expect(p.nameEn, p.id).toMatch(/^[A-Za-z]/);
      expect(p.nameJa.trim(), p.id).not.toBe('');
      expect(p.addressJa, p.id).toMatch(/^(東京都|京都府|大阪府|北海道|.{2,3}県)/);
    }
  });

  it('gives every place a 7-digit postal code written 123-4567', () => {
    for (const p of MEETING_POINTS) {
      expect(p.postalCode, p.id).toMatch(/^\d{3}-\d{4}$/);
      expect(normalizePostalCode(p.postalCode), p.id).toBe(p.postalCode);
    }
  });

  it('places every point inside Japan and within 25 km of its city (Miyajima is the farthest)', () => {
    for (const p of MEETING_POINTS) {
      expect(p.lat, p.id).toBeGreaterThan(24);
      expect(p.lat, p.id).toBeLessThan(46);
      expect(p.lng, p.id).toBeGreaterThan(123);
      expect(p.lng, p.id).toBeLessThan(146);
      expect(km([p.lat, p.lng], CENTRES[p.city]!), p.id).toBeLessThan(p.id === 'hiroshima/itsukushima' ? 25 : 12);
    }
  });

  it('knows the places the issue names by their real codes and coordinates', () => {
    const kyoto = MEETING_POINTS.find((p) => p.id === 'kyoto/kyoto-station')!;
    expect([kyoto.postalCode, kyoto.lat, kyoto.lng]).toEqual(['600-8216', 34.9858, 135.7588]);
    expect(MEETING_POINTS.find((p) => p.id === 'tokyo/tokyo-station')!.postalCode).toBe('100-0005');
  });

  it('finds Kyoto Station typed in Chinese, Japanese or English, and with a gate after it', () => {
    for (const q of ['京都站', '京都駅', 'Kyoto Station', 'kyoto st', 'ＫＹＯＴＯ', '京都站中央口']) {
      expect(searchMeetingPoints(q)[0]?.id, q).toBe('kyoto/kyoto-station');
    }
  });

  it('finds places by their Japanese names in kana too (a Japanese reader types them so)', () => {
    expect(searchMeetingPoints('スカイツリー')[0]?.id).toBe('tokyo/skytree');
    expect(searchMeetingPoints('すすきの')[0]?.id).toBe('sapporo/susukino');
    expect(searchMeetingPoints('新宿駅 東口')[0]?.id).toBe('tokyo/shinjuku-station');
  });

  it('folds Japanese kanji to simplified Chinese and drops accents', () => {
    expect(foldForSearch('東京駅')).toBe(foldForSearch('东京站'));
    expect(foldForSearch('伏見稲荷')).toBe('伏见稻荷');
    expect(searchMeetingPoints('東京站')[0]?.id).toBe('tokyo/tokyo-station');
    expect(searchMeetingPoints('广岛站')[0]?.id).toBe('hiroshima/hiroshima-station');
    expect(searchMeetingPoints('広島駅')[0]?.id).toBe('hiroshima/hiroshima-station');
    expect(searchMeetingPoints('Sensō-ji')[0]?.id).toBe('tokyo/sensoji');
    expect(searchMeetingPoints('金閣')[0]?.id).toBe('kyoto/kinkaku-ji');
    expect(searchMeetingPoints('岚山')[0]?.id).toBe('kyoto/tenryu-ji');
  });

  it('puts the guide’s city first among equal matches, and finds nothing for empty or unknown text', () => {
    expect(searchMeetingPoints('station', { city: 'nagoya' })[0]?.city).toBe('nagoya');
    expect(searchMeetingPoints('   ')).toEqual([]);
    expect(searchMeetingPoints('Eiffel Tower')).toEqual([]);
    expect(searchMeetingPoints('站', { limit: 3 })).toHaveLength(3);
  });

  it('writes the chosen place as its name and Japanese address', () => {
    const kyoto = MEETING_POINTS.find((p) => p.id === 'kyoto/kyoto-station')!;
    expect(meetingPointAddress(kyoto, 'zh-CN')).toBe('京都站 · 京都府京都市下京区東塩小路町');
    expect(meetingPointAddress(kyoto, 'en')).toBe('Kyoto Station · 京都府京都市下京区東塩小路町');
    expect(meetingPointAddress(kyoto, 'ja')).toBe('京都駅 · 京都府京都市下京区東塩小路町');
  });

  it('reads a booked place in the reader’s language, with the chooser’s words beside when they differ (decision 175)', () => {
    const chosen = {
      meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
      meetingLat: 34.9858,
      meetingLng: 135.7588,
    };
    expect(placeForReader(chosen, 'ja')).toEqual({
      kind: 'listed',
      name: '京都駅',
      addressJa: '京都府京都市下京区東塩小路町',
      asWritten: { text: '京都站', locale: 'zh-CN' },
    });
    expect(placeForReader(chosen, 'en')).toMatchObject({
      name: 'Kyoto Station',
      asWritten: { text: '京都站', locale: 'zh-CN' },
    });
    expect(placeForReader(chosen, 'zh-CN')).toMatchObject({ name: '京都站', asWritten: null });
    // Changed after the choice (the API takes any text): the whole text, its language for the caller to tell.
    expect(placeForReader({ ...chosen, meetingAddress: '京都站中央口' }, 'ja')).toMatchObject({
      name: '京都駅',
      asWritten: { text: '京都站中央口', locale: null },
    });
    // Typed by hand, even a listed name: as written, since no coordinates say which place it is.
    expect(placeForReader({ meetingAddress: '京都站', meetingLat: null, meetingLng: null }, 'ja')).toEqual({
      kind: 'typed',
      text: '京都站',
    });
  });
});
