/**
 * Service cities and the city → time-zone table. All ten service cities are in
 * Asia/Tokyo; the wider table lets a traveler's home city show their local time. Unknown
 * cities fall back to UTC.
 */
export const DEFAULT_GUIDE_TIME_ZONE = 'Asia/Tokyo';

export const SERVICE_CITIES = [
  { slug: 'tokyo', nameEn: 'Tokyo', nameCn: '东京', nameJa: '東京' },
  { slug: 'kyoto', nameEn: 'Kyoto', nameCn: '京都', nameJa: '京都' },
  { slug: 'osaka', nameEn: 'Osaka', nameCn: '大阪', nameJa: '大阪' },
  { slug: 'hiroshima', nameEn: 'Hiroshima', nameCn: '广岛', nameJa: '広島' },
  { slug: 'sapporo', nameEn: 'Sapporo', nameCn: '札幌', nameJa: '札幌' },
  { slug: 'nara', nameEn: 'Nara', nameCn: '奈良', nameJa: '奈良' },
  { slug: 'yokohama', nameEn: 'Yokohama', nameCn: '横滨', nameJa: '横浜' },
  { slug: 'kobe', nameEn: 'Kobe', nameCn: '神户', nameJa: '神戸' },
  { slug: 'fukuoka', nameEn: 'Fukuoka', nameCn: '福冈', nameJa: '福岡' },
  { slug: 'nagoya', nameEn: 'Nagoya', nameCn: '名古屋', nameJa: '名古屋' },
] as const;

export type ServiceCitySlug = (typeof SERVICE_CITIES)[number]['slug'];
export const SERVICE_CITY_SLUGS = SERVICE_CITIES.map((c) => c.slug) as [ServiceCitySlug, ...ServiceCitySlug[]];

const CITY_TIME_ZONES: Record<string, string> = {
  // Japan (the service cities)
  ...Object.fromEntries(SERVICE_CITIES.map((c) => [c.slug, DEFAULT_GUIDE_TIME_ZONE])),
  // China
  beijing: 'Asia/Shanghai',
  shanghai: 'Asia/Shanghai',
  guangzhou: 'Asia/Shanghai',
  shenzhen: 'Asia/Shanghai',
  chengdu: 'Asia/Shanghai',
  hangzhou: 'Asia/Shanghai',
  wuhan: 'Asia/Shanghai',
  nanjing: 'Asia/Shanghai',
  "xi'an": 'Asia/Shanghai',
  xian: 'Asia/Shanghai',
  chongqing: 'Asia/Shanghai',
  tianjin: 'Asia/Shanghai',
  'hong kong': 'Asia/Hong_Kong',
  hongkong: 'Asia/Hong_Kong',
  macau: 'Asia/Macau',
  taipei: 'Asia/Taipei',
  // Korea
  seoul: 'Asia/Seoul',
  busan: 'Asia/Seoul',
  incheon: 'Asia/Seoul',
  // Europe
  london: 'Europe/London',
  paris: 'Europe/Paris',
  berlin: 'Europe/Berlin',
  madrid: 'Europe/Madrid',
  rome: 'Europe/Rome',
  amsterdam: 'Europe/Amsterdam',
  zurich: 'Europe/Zurich',
  vienna: 'Europe/Vienna',
  moscow: 'Europe/Moscow',
  // United States
  'new york': 'America/New_York',
  boston: 'America/New_York',
  washington: 'America/New_York',
  chicago: 'America/Chicago',
  houston: 'America/Chicago',
  denver: 'America/Denver',
  'los angeles': 'America/Los_Angeles',
  'san francisco': 'America/Los_Angeles',
  seattle: 'America/Los_Angeles',
  honolulu: 'Pacific/Honolulu',
  // South-east Asia
  singapore: 'Asia/Singapore',
  bangkok: 'Asia/Bangkok',
  'kuala lumpur': 'Asia/Kuala_Lumpur',
  jakarta: 'Asia/Jakarta',
  manila: 'Asia/Manila',
  hanoi: 'Asia/Ho_Chi_Minh',
  'ho chi minh city': 'Asia/Ho_Chi_Minh',
  // Australia
  sydney: 'Australia/Sydney',
  melbourne: 'Australia/Melbourne',
  brisbane: 'Australia/Brisbane',
  perth: 'Australia/Perth',
  // India
  delhi: 'Asia/Kolkata',
  'new delhi': 'Asia/Kolkata',
  mumbai: 'Asia/Kolkata',
  bangalore: 'Asia/Kolkata',
};

/** The IANA time zone of a city name or slug; UTC when the city is unknown. */
export function timeZoneForCity(city: string | null | undefined): string {
  if (!city) return 'UTC';
  return CITY_TIME_ZONES[city.trim().toLowerCase()] ?? 'UTC';
}
