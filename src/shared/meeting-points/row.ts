/**
 * The row a city's file under this folder writes one meeting point as; ../meeting-points.ts makes each a MeetingPoint.
 */
export type MeetingPointRow = [
  slug: string,
  nameCn: string,
  nameEn: string,
  nameJa: string,
  addressJa: string,
  postalCode: string,
  lat: number,
  lng: number,
  aliases?: string[],
];
