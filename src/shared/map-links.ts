import { findMeetingPoint, meetingPointName, type MeetingCoords } from './meeting-points';

/**
 * Map links for a meeting point in three providers (decision 103): Amap (高德地图), Apple Maps and
 * Google Maps. Google Maps does not load in mainland China or on a Chinese roaming SIM, so a zh-CN
 * reader gets Amap first; an English reader gets Google first.
 *
 * Coordinates are stored as WGS-84 (decision 094) and no provider needs them converted here: Google
 * and Apple take WGS-84, and Amap's URI API takes `coordinate=wgs84` and places the point on its own
 * map (GCJ-02 applies only inside mainland China; Japan's map data is not offset). gcoord's
 * WGS84→GCJ02 test is a rough box (lng 72.0–137.8) that covers Kyoto, Osaka and Fukuoka, so
 * converting here would move those points by hundreds of metres.
 */
export const MAP_PROVIDERS = ['amap', 'apple', 'google'] as const;
export type MapProvider = (typeof MAP_PROVIDERS)[number];

export type MapPlace = { meetingAddress?: string | null; meetingPostalCode?: string | null } & MeetingCoords;

/** The providers in the order a reader of `locale` is offered them, the first being the main link. */
export function mapProvidersFor(locale: string): MapProvider[] {
  return locale === 'zh-CN' ? ['amap', 'apple', 'google'] : ['google', 'apple', 'amap'];
}

/** Identifies this site to Amap (its URI API asks for `src`). */
const AMAP_SOURCE = 'tabi-guides';

/**
 * A place's link in one provider: its coordinates when it has them (with the list's name in the
 * reader's language as the pin's label when the coordinates are a listed place), else a search of
 * its address with the postal code. Null when there is neither.
 */
export function mapUrl(provider: MapProvider, place: MapPlace, locale = 'en'): string | null {
  const address = place.meetingAddress?.trim() ?? '';
  const query = address && place.meetingPostalCode ? `〒${place.meetingPostalCode} ${address}` : address;
  const hasCoords = place.meetingLat != null && place.meetingLng != null;
  if (!hasCoords && !query) return null;
  const listed = hasCoords ? findMeetingPoint(place) : undefined;
  const label = listed ? meetingPointName(listed, locale) : address.split(' · ')[0] || query;
  const enc = encodeURIComponent;
  if (hasCoords) {
    const { meetingLat: lat, meetingLng: lng } = place;
    switch (provider) {
      case 'amap':
        return `https://uri.amap.com/marker?position=${lng},${lat}&name=${enc(label)}&src=${AMAP_SOURCE}&coordinate=wgs84&callnative=1`;
      case 'apple':
        return `https://maps.apple.com/?ll=${lat},${lng}&q=${enc(label)}`;
      case 'google':
        return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
    }
  }
  switch (provider) {
    case 'amap':
      return `https://uri.amap.com/search?keyword=${enc(query)}&src=${AMAP_SOURCE}&callnative=1`;
    case 'apple':
      return `https://maps.apple.com/?q=${enc(query)}`;
    case 'google':
      return `https://www.google.com/maps/search/?api=1&query=${enc(query)}`;
  }
}

/** Every provider's link for the place, in the reader's order; empty when there is nothing to show. */
export function mapLinks(place: MapPlace, locale: string): { provider: MapProvider; url: string }[] {
  return mapProvidersFor(locale).flatMap((provider) => {
    const url = mapUrl(provider, place, locale);
    return url ? [{ provider, url }] : [];
  });
}

/** The reader's main map link (the first of `mapLinks`), as the booking PDF prints it. */
export function meetingMapUrl(place: MapPlace, locale = 'en'): string | null {
  return mapUrl(mapProvidersFor(locale)[0]!, place, locale);
}
