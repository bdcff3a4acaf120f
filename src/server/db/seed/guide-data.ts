import { SERVICE_CITIES } from '../../../shared/cities';
import type { GuideExtra } from '../../../shared/booking/money-rules';
import type { Currency } from '../../../shared/currency';
import type { GuideTexts, TextLanguage } from '../../../shared/guide-texts';
import { writeGuideTexts, type Spot } from './guide-bios';
import {
  CITY_SPOTS,
  CN_FAMILY,
  CN_GIVEN_F,
  CN_GIVEN_M,
  JP_FAMILY,
  JP_GIVEN_F,
  JP_GIVEN_M,
  MBTI,
  OCCUPATIONS,
  REVIEW_BANDS,
  TARGET_GROUPS,
} from './guide-pools';
import { servicesForBio } from './guide-services';

/** Deterministic PRNG (mulberry32): the same seed always yields the same guides. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
    sample: <T>(list: readonly T[], n: number): T[] => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, n);
    },
  };
}
export type Rng = ReturnType<typeof createRng>;

export interface GeneratedGuide {
  username: string;
  fullName: string;
  sex: 'male' | 'female';
  age: number;
  city: string;
  guide: {
    serviceCity: string;
    /** The original-language bio (the plain column); every version is in `texts`. */
    bio: string;
    texts: GuideTexts;
    originalLanguage: TextLanguage;
    languages: string[];
    basicPricePerHourCents: number;
    additionalPricePerPersonCents: number;
    mbti: string;
    ethicsScore: number;
    ethicsDescription: string;
    boundaryScore: number;
    boundaryDescription: string;
    supportiveScore: number;
    supportiveDescription: string;
    occupation: string;
    qualifications: { description: string }[];
    experienceMonths: number;
    sessionCount: number;
    targetGroups: string[];
    minPeople: number;
    maxPeople: number;
    minDurationHours: number;
    maxDurationHours: number;
    /** What the guide prices in (decision 164): the generator draws yuan; guides.ts prices Japanese guides in yen. */
    currency?: Currency;
    /** Group pricing (decision 151); the generator leaves today's model, the seed sets it on a few (guides.ts). */
    includedPeople?: number;
    childPricePercent?: number;
    infantsFree?: boolean;
    dayRateCents?: number | null;
    dayHours?: number;
    extras?: GuideExtra[];
  };
  services: { subcategoryId: number; priceCents: number | null }[];
  weekly: { weekday: number; startMinute: number; endMinute: number }[];
  /** Day offsets from today (in the guide's zone) that are days off. */
  daysOff: number[];
  itineraries: {
    title: string;
    summary: string;
    durationHours: number;
    stops: { time: string; title: string; description: string }[];
  }[];
  reviews: { rating: number; content: string; daysAgo: number }[];
}

/** Who the guide is: born in China or Japan, sex, a name no other guide has, and the languages spoken. */
function drawPerson(rng: Rng, usedNames: Set<string> | undefined) {
  const chinese = rng.chance(0.45); // Chinese-born guides living in Japan
  const sex = rng.chance(0.55) ? 'female' : 'male';
  const givenNames = chinese
    ? sex === 'female'
      ? CN_GIVEN_F
      : CN_GIVEN_M
    : sex === 'female'
      ? JP_GIVEN_F
      : JP_GIVEN_M;
  const nameOf = () =>
    chinese ? `${rng.pick(CN_FAMILY)}${rng.pick(givenNames)}` : `${rng.pick(givenNames)} ${rng.pick(JP_FAMILY)}`;
  // Two guides with one name would confuse travelers: draw again (the bulk benchmark data passes no set).
  let fullName = nameOf();
  for (let tries = 0; usedNames?.has(fullName) && tries < 100; tries++) fullName = nameOf();
  usedNames?.add(fullName);
  const languages = chinese
    ? ['zh', 'ja', ...(rng.chance(0.5) ? ['en'] : [])]
    : ['ja', ...(rng.chance(0.6) ? ['en'] : []), ...(rng.chance(0.35) ? ['zh'] : [])];
  return { chinese, sex, fullName, languages } as const;
}

/**
 * The guide's day job and years. Facts that agree with each other: years in the city ≤ adult years,
 * years guiding ≤ years in the city, and tours led in step with the months spent guiding.
 */
function drawCareer(rng: Rng) {
  const occupation = rng.pick(OCCUPATIONS);
  const student = occupation[0] === 'a university student';
  const age = student ? rng.int(20, 26) : rng.int(25, 62);
  const yearsInCity = rng.int(2, Math.max(2, Math.min(25, age - 18)));
  const yearsGuiding = rng.int(1, Math.max(1, Math.min(student ? 3 : 12, yearsInCity)));
  const experienceMonths = Math.max(4, yearsGuiding * 12 - rng.int(0, 11));
  const sessionCount = Math.min(900, Math.round(experienceMonths * rng.int(student ? 1 : 2, student ? 3 : 7) * 0.8));
  return { occupation, age, yearsInCity, yearsGuiding, experienceMonths, sessionCount };
}

/** The price and the size and length of the tours the guide takes. */
function drawTourTerms(rng: Rng) {
  const price = rng.int(15, 80) * 10; // 150–800 RMB
  const minPeople = rng.chance(0.8) ? 1 : 2;
  const maxPeople = rng.pick([2, 4, 4, 6, 6, 8, 10, 12]);
  const minDuration = rng.pick([2, 2, 3, 4]);
  const maxDuration = Math.max(minDuration + 2, rng.pick([6, 8, 8, 10]));
  return { price, minPeople, maxPeople, minDuration, maxDuration };
}

/** The services offered, some priced above the hourly price. */
function drawServices(
  rng: Rng,
  subcategories: readonly { id: number; slug: string }[],
  price: number,
  story: { withStories: boolean; spot: Spot; other: Spot; occupationEn: string },
): GeneratedGuide['services'] {
  // The draws happen for every guide, so that the guides after this one stay the same whatever it offers.
  const drawn = rng.sample(subcategories, rng.int(2, 6)).sort((a, b) => a.id - b.id);
  const prices = drawn.map(() => (rng.chance(0.25) ? (price + rng.int(1, 10) * 10) * 100 : null));
  // Demo guides offer what their bio talks about (guide-services.ts); the bulk benchmark guides keep the
  // even random spread that the search measurements were taken on (decision 097).
  const matched = story.withStories
    ? servicesForBio(story.spot[0], story.other[0], story.occupationEn).flatMap((slug) =>
        subcategories.filter((c) => c.slug === slug),
      )
    : drawn;
  return matched.map((c, i) => ({ subcategoryId: c.id, priceCents: prices[i % prices.length] ?? null }));
}

/** The weekly hours: a few weekdays, some with a lunch break. */
function drawWeeklyHours(rng: Rng): GeneratedGuide['weekly'] {
  const startHour = rng.pick([8, 9, 9, 10]);
  const endHour = Math.min(22, startHour + rng.pick([8, 9, 10, 12]));
  const weekdays = rng.sample([1, 2, 3, 4, 5, 6, 7], rng.int(3, 6)).sort();
  return weekdays.flatMap((weekday) =>
    rng.chance(0.15)
      ? [
          { weekday, startMinute: startHour * 60, endMinute: 12 * 60 },
          { weekday, startMinute: 13 * 60, endMinute: endHour * 60 },
        ]
      : [{ weekday, startMinute: startHour * 60, endMinute: endHour * 60 }],
  );
}

/** One to three day plans around the city's sights, in Chinese when the guide writes it, else English. */
function drawItineraries(
  rng: Rng,
  city: { nameEn: string; nameCn: string },
  spots: Spot[],
  terms: { minDuration: number; maxDuration: number; writesChinese: boolean },
): GeneratedGuide['itineraries'] {
  return rng.sample(spots, rng.int(1, 3)).map((main, i) => {
    const stops = [
      main,
      ...rng.sample(
        spots.filter((s) => s !== main),
        2,
      ),
    ];
    const hours = Math.min(terms.maxDuration, Math.max(terms.minDuration, 3 + i * 2));
    const times = ['09:30', '12:00', '14:30'];
    return terms.writesChinese
      ? {
          title: i === 0 ? `${city.nameCn}经典一日游：${main[1]}` : `${main[1]}深度游`,
          summary: `以${main[1]}为主线，顺路探访${stops
            .slice(1)
            .map((s) => s[1])
            .join('和')}，中途安排当地人常去的餐厅。`,
          durationHours: hours,
          stops: stops.map((s, j) => ({
            time: times[j]!,
            title: s[1],
            description: j === 1 ? '午餐时间，品尝地道的当地料理。' : `在${s[1]}慢慢游览，讲解历史与小故事。`,
          })),
        }
      : {
          title: i === 0 ? `Classic ${city.nameEn}: ${main[0]}` : `${main[0]} in depth`,
          summary: `A relaxed walk built around ${main[0]}, with ${stops
            .slice(1)
            .map((s) => s[0])
            .join(' and ')} on the way and lunch where locals eat.`,
          durationHours: hours,
          stops: stops.map((s, j) => ({
            time: times[j]!,
            title: s[0],
            description:
              j === 1 ? 'Lunch break with local food.' : `Time to explore ${s[0]}, with its history and stories.`,
          })),
        };
  });
}

const bandOf = (rating: number) => REVIEW_BANDS.find((b) => b.stars.includes(rating))!;

/** What past travelers wrote: words that agree with the stars, mostly in Chinese. */
function drawReviews(rng: Rng, count: number): GeneratedGuide['reviews'] {
  return Array.from({ length: count }, () => {
    const rating = rng.pick([5, 5, 5, 4, 4, 4, 3, 5, 4, 2]);
    // One draw for the text whatever its band, so the guides generated after this one stay the same.
    const texts = bandOf(rating);
    return { rating, content: rng.chance(0.8) ? rng.pick(texts.zh) : rng.pick(texts.en), daysAgo: rng.int(3, 300) };
  });
}

/** One plausible guide in a city. `n` makes the username unique. Each step draws after the one before it. */
export function generateGuide(
  rng: Rng,
  n: number,
  citySlug: string,
  subcategories: readonly { id: number; slug: string }[],
  opts: { withStories: boolean; usedNames?: Set<string> },
): GeneratedGuide {
  const city = SERVICE_CITIES.find((c) => c.slug === citySlug)!;
  const { chinese, sex, fullName, languages } = drawPerson(rng, opts.usedNames);
  const career = drawCareer(rng);
  const [occEn, occZh] = career.occupation;
  const spots = CITY_SPOTS[citySlug]!;
  const spot = rng.pick(spots);
  const other = rng.pick(spots.filter((x) => x !== spot));
  const writesChinese = languages.includes('zh');
  const voice = rng.pick([0, 1, 2]);
  const originalLanguage: TextLanguage = chinese ? 'zh' : 'ja';
  const terms = drawTourTerms(rng);
  const scores = { ethics: rng.int(5, 9), boundary: rng.int(4, 9), supportive: rng.int(3, 9) };
  const texts = writeGuideTexts({ citySlug, city, ...career, spot, other, languages }, voice, scores, originalLanguage);
  const services = drawServices(rng, subcategories, terms.price, {
    withStories: opts.withStories,
    spot,
    other,
    occupationEn: occEn,
  });
  const weekly = drawWeeklyHours(rng);
  const daysOff = opts.withStories
    ? rng.sample(
        Array.from({ length: 60 }, (_, i) => i + 1),
        rng.int(0, 4),
      )
    : [];
  const itineraries = opts.withStories ? drawItineraries(rng, city, spots, { ...terms, writesChinese }) : [];
  const reviews = drawReviews(rng, opts.withStories ? rng.int(0, 9) : 0);
  const own = texts[originalLanguage]!;
  return {
    username: `guide-${citySlug}-${String(n).padStart(3, '0')}`,
    fullName,
    sex,
    age: career.age,
    city: city.nameEn,
    guide: {
      serviceCity: citySlug,
      bio: own.bio!,
      texts,
      originalLanguage,
      languages,
      basicPricePerHourCents: terms.price * 100,
      additionalPricePerPersonCents: 3000,
      mbti: rng.pick(MBTI),
      ethicsScore: scores.ethics,
      ethicsDescription: own.ethicsDescription!,
      boundaryScore: scores.boundary,
      boundaryDescription: own.boundaryDescription!,
      supportiveScore: scores.supportive,
      supportiveDescription: own.supportiveDescription!,
      occupation: writesChinese ? occZh : occEn.replace(/^an? /, '').replace(/^./, (c) => c.toUpperCase()),
      // Never a guide-interpreter title: only a verified licence may claim one (decision 092).
      qualifications: rng.chance(0.5)
        ? [{ description: writesChinese ? '急救证书（日本红十字会）' : 'First-aid certificate (Japanese Red Cross)' }]
        : [],
      experienceMonths: career.experienceMonths,
      sessionCount: career.sessionCount,
      targetGroups: rng.sample(TARGET_GROUPS, rng.int(2, 5)),
      minPeople: terms.minPeople,
      maxPeople: terms.maxPeople,
      minDurationHours: terms.minDuration,
      maxDurationHours: terms.maxDuration,
    },
    services,
    weekly,
    daysOff,
    itineraries,
    reviews,
  };
}
