/**
 * What a demo guide offers follows from what their bio talks about: a Kyoto guide who writes about
 * Fushimi Inari offers 寺庙神社, a cooking teacher a market visit. Services drawn at random would
 * contradict the card a traveler reads beside them (guide-services.test.ts checks every demo guide).
 * Values are the service catalogue's subcategory slugs (src/shared/service-categories.ts).
 */

/** Each city's spots (guide-pools.ts's CITY_SPOTS, by their English name) as the services they stand for. */
export const SPOT_SERVICES: Record<string, readonly string[]> = {
  'Senso-ji in Asakusa': ['temples-shrines', 'city-walk'],
  'Shibuya Crossing': ['city-walk', 'night-tour'],
  'Meiji Jingu': ['temples-shrines'],
  'Tsukiji Outer Market': ['market', 'food-tour'],
  'Fushimi Inari Taisha': ['temples-shrines'],
  'Kiyomizu-dera': ['temples-shrines', 'seasonal-views'],
  'the Arashiyama bamboo grove': ['seasonal-views', 'photo-spots'],
  Gion: ['kimono', 'city-walk'],
  Dotonbori: ['food-tour', 'night-tour'],
  'Osaka Castle': ['historic-sites'],
  'Kuromon Market': ['market', 'food-tour'],
  Shinsekai: ['izakaya', 'city-walk'],
  'Peace Memorial Park': ['historic-sites'],
  Miyajima: ['temples-shrines', 'day-trip'],
  'Shukkei-en garden': ['seasonal-views'],
  Okonomimura: ['food-tour'],
  'Odori Park': ['city-walk', 'seasonal-views'],
  'Nijo Market': ['market'],
  'Mount Moiwa': ['hiking', 'night-tour'],
  Susukino: ['izakaya', 'night-tour'],
  'Nara Park': ['city-walk'],
  'Todai-ji': ['temples-shrines', 'historic-sites'],
  'Kasuga Taisha': ['temples-shrines'],
  Naramachi: ['crafts', 'city-walk'],
  'Minato Mirai': ['night-tour'],
  Chinatown: ['food-tour'],
  'Sankei-en garden': ['seasonal-views'],
  'the Red Brick Warehouse': ['fashion'],
  'Kitano Ijinkan': ['historic-sites'],
  Harborland: ['night-tour'],
  Nankinmachi: ['food-tour'],
  'Mount Rokko': ['hiking', 'night-tour'],
  'Dazaifu Tenmangu': ['temples-shrines', 'day-trip'],
  'the Nakasu yatai stalls': ['food-tour', 'izakaya'],
  'Ohori Park': ['city-walk'],
  'Canal City Hakata': ['fashion'],
  'Nagoya Castle': ['historic-sites'],
  'Atsuta Shrine': ['temples-shrines'],
  'Osu shopping street': ['electronics', 'food-tour'],
  'the SCMAGLEV and Railway Park': ['historic-sites'],
};

/** What a guide's occupation (guide-pools.ts's OCCUPATIONS, in English) lets them offer besides. */
export const OCCUPATION_SERVICES: Record<string, readonly string[]> = {
  'a former travel agent': ['transit-help', 'restaurant-booking'],
  'a university student': ['electronics'],
  'a photographer': ['portrait', 'photo-spots'],
  'a former hotel concierge': ['restaurant-booking', 'airport-pickup'],
  'a translator': ['interpretation'],
  'a cooking teacher': ['food-tour', 'market'],
  'a museum volunteer': ['historic-sites'],
  'a designer': ['crafts', 'fashion'],
  'an office worker': ['izakaya'],
  'a tea ceremony teacher': ['tea-ceremony', 'kimono'],
};

/** The services a bio's two spots and occupation stand for, each once, spots first; at most six. */
export function servicesForBio(spot: string, other: string, occupation: string): string[] {
  const slugs = [
    ...(SPOT_SERVICES[spot] ?? []),
    ...(SPOT_SERVICES[other] ?? []),
    ...(OCCUPATION_SERVICES[occupation] ?? []),
  ];
  return [...new Set(slugs)].slice(0, 6);
}
