import { describe, expect, it } from 'vitest';
import { mapLinks, mapUrl, meetingMapUrl } from './map-links';
import { driverCardOf, findMeetingPoint } from './meeting-points';

// Kyoto Station as the list stores it (decision 094): WGS-84, 4 decimals.
const kyoto = {
  meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
  meetingPostalCode: '600-8216',
  meetingLat: 34.9858,
  meetingLng: 135.7588,
};
const typed = { meetingAddress: '京都站中央口', meetingPostalCode: '600-8216' };

describe('map links (decision 103)', () => {
  it('offers a Chinese reader Amap first, then Apple and Google; an English reader Google first', () => {
    expect(mapLinks(kyoto, 'zh-CN').map((l) => l.provider)).toEqual(['amap', 'apple', 'google']);
    expect(mapLinks(kyoto, 'en').map((l) => l.provider)).toEqual(['google', 'apple', 'amap']);
  });

  it('gives Amap the WGS-84 coordinates unconverted, longitude first, with coordinate=wgs84 and the place name', () => {
    const url = new URL(mapUrl('amap', kyoto, 'zh-CN')!);
    expect(url.origin + url.pathname).toBe('https://uri.amap.com/marker');
    expect(url.searchParams.get('position')).toBe('135.7588,34.9858');
    expect(url.searchParams.get('coordinate')).toBe('wgs84');
    expect(url.searchParams.get('name')).toBe('京都站');
    expect(url.searchParams.get('callnative')).toBe('1');
    expect(new URL(mapUrl('amap', kyoto, 'en')!).searchParams.get('name')).toBe('Kyoto Station');
    expect(new URL(mapUrl('apple', kyoto, 'ja')!).searchParams.get('q')).toBe('京都駅');
  });

  it('gives Apple and Google latitude first', () => {
    const apple = new URL(mapUrl('apple', kyoto, 'zh-CN')!);
    expect(apple.hostname).toBe('maps.apple.com');
    expect(apple.searchParams.get('ll')).toBe('34.9858,135.7588');
    expect(mapUrl('google', kyoto)).toBe('https://www.google.com/maps/search/?api=1&query=34.9858,135.7588');
  });

  it('searches a typed address with its postal code in every provider, and links nothing without an address', () => {
    const q = '〒600-8216 京都站中央口';
    expect(new URL(mapUrl('amap', typed)!).searchParams.get('keyword')).toBe(q);
    expect(new URL(mapUrl('apple', typed)!).searchParams.get('q')).toBe(q);
    expect(new URL(mapUrl('google', typed)!).searchParams.get('query')).toBe(q);
    expect(mapLinks({ meetingAddress: ' ', meetingPostalCode: null }, 'zh-CN')).toEqual([]);
  });

  it("prints the reader's main link in the PDF: Amap for Chinese, Google for English", () => {
    expect(meetingMapUrl(kyoto, 'zh-CN')).toMatch(/^https:\/\/uri\.amap\.com\/marker\?/);
    expect(meetingMapUrl(kyoto, 'en')).toMatch(/^https:\/\/www\.google\.com\/maps\//);
  });
});

describe('the driver card (decision 103)', () => {
  it("shows a listed place's Japanese name and Japanese address", () => {
    expect(findMeetingPoint(kyoto)?.id).toBe('kyoto/kyoto-station');
    expect(driverCardOf(kyoto)).toEqual({
      nameJa: '京都駅',
      address: '京都府京都市下京区東塩小路町',
      postalCode: '600-8216',
    });
  });

  it('shows a typed address as written when the place is not in the list, and nothing without one', () => {
    expect(driverCardOf(typed)).toEqual({ nameJa: null, address: '京都站中央口', postalCode: '600-8216' });
    expect(driverCardOf({ meetingAddress: '' })).toBeNull();
  });
});
