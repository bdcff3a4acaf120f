import { SERVICE_CITIES } from '../../../shared/cities';
import type { GuideExtra } from '../../../shared/booking/money-rules';
import type { Currency } from '../../../shared/currency';
import type { GuideTexts, TextLanguage } from '../../../shared/guide-texts';
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

type Spot = [en: string, zh: string];
export const CITY_SPOTS: Record<string, Spot[]> = {
  tokyo: [['Senso-ji in Asakusa', '浅草寺'], ['Shibuya Crossing', '涩谷十字路口'], ['Meiji Jingu', '明治神宫'], ['Tsukiji Outer Market', '筑地场外市场']],
  kyoto: [['Fushimi Inari Taisha', '伏见稻荷大社'], ['Kiyomizu-dera', '清水寺'], ['the Arashiyama bamboo grove', '岚山竹林'], ['Gion', '祇园']],
  osaka: [['Dotonbori', '道顿堀'], ['Osaka Castle', '大阪城'], ['Kuromon Market', '黑门市场'], ['Shinsekai', '新世界']],
  hiroshima: [['Peace Memorial Park', '和平纪念公园'], ['Miyajima', '宫岛'], ['Shukkei-en garden', '缩景园'], ['Okonomimura', '御好烧村']],
  sapporo: [['Odori Park', '大通公园'], ['Nijo Market', '二条市场'], ['Mount Moiwa', '藻岩山'], ['Susukino', '薄野']],
  nara: [['Nara Park', '奈良公园'], ['Todai-ji', '东大寺'], ['Kasuga Taisha', '春日大社'], ['Naramachi', '奈良町']],
  yokohama: [['Minato Mirai', '港未来'], ['Chinatown', '中华街'], ['Sankei-en garden', '三溪园'], ['the Red Brick Warehouse', '红砖仓库']],
  kobe: [['Kitano Ijinkan', '北野异人馆'], ['Harborland', '神户港湾乐园'], ['Nankinmachi', '南京町'], ['Mount Rokko', '六甲山']],
  fukuoka: [['Dazaifu Tenmangu', '太宰府天满宫'], ['the Nakasu yatai stalls', '中洲屋台'], ['Ohori Park', '大濠公园'], ['Canal City Hakata', '博多运河城']],
  nagoya: [['Nagoya Castle', '名古屋城'], ['Atsuta Shrine', '热田神宫'], ['Osu shopping street', '大须商店街'], ['the SCMAGLEV and Railway Park', '磁浮铁道馆']],
};

const JP_FAMILY = ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato', 'Yoshida', 'Yamada', 'Sasaki', 'Matsumoto', 'Inoue', 'Kimura', 'Hayashi', 'Shimizu', 'Mori', 'Ikeda'];
const JP_GIVEN_F = ['Haruka', 'Yui', 'Aoi', 'Sakura', 'Mio', 'Rin', 'Hina', 'Emi', 'Nanami', 'Ayaka'];
const JP_GIVEN_M = ['Haruto', 'Ren', 'Sota', 'Yuto', 'Kenta', 'Daiki', 'Takumi', 'Riku', 'Shota', 'Kaito'];
// Chinese guides write their names in characters, family name first, as their travelers read them.
const CN_FAMILY = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '林', '徐', '孙', '马', '郭'];
const CN_GIVEN_F = ['静', '欣怡', '雨婷', '梅', '晓雨', '兰', '思琪', '文', '佳慧', '悦'];
const CN_GIVEN_M = ['伟', '浩', '俊', '涛', '一凡', '磊', '志伟', '明', '子轩', '宇航'];

const OCCUPATIONS: [en: string, zh: string][] = [
  ['a former travel agent', '前旅行社职员'], ['a university student', '在读大学生'], ['a photographer', '摄影师'],
  ['a former hotel concierge', '前酒店礼宾'], ['a translator', '翻译'], ['a cooking teacher', '料理老师'],
  ['a museum volunteer', '博物馆志愿者'], ['a designer', '设计师'], ['an office worker', '上班族'], ['a tea ceremony teacher', '茶道老师'],
];
const MBTI = ['INFJ', 'ENFP', 'ISFJ', 'ESFJ', 'INTP', 'ENTJ', 'ISTJ', 'ESTP', 'INFP', 'ENFJ', 'ISTP', 'ESFP'];
const TARGET_GROUPS = ['individual', 'couple', 'family', 'group', 'child', 'elderly', 'business'] as const;

const SCORE_TEXT: Record<'ethics' | 'boundary' | 'supportive', [low: string, mid: string, high: string]> = {
  ethics: [
    'I keep to the agreed plan and prices and tell you early if anything changes.',
    'Honest about prices and timing; I recommend places because they are good, never for a commission.',
    'Complete transparency: no commissions, clear prices, and I always put your safety first.',
  ],
  boundary: [
    'Friendly and relaxed; I am happy to chat about life in Japan.',
    'Warm but professional; I respect your privacy and your pace.',
    'Clear, professional boundaries; your time and privacy are respected at every step.',
  ],
  supportive: [
    'I follow the plan we agree and keep things simple.',
    'Flexible when the weather or your energy changes; I keep a plan B ready.',
    'Very adaptable: children, elderly travelers and last-minute changes are all fine with me.',
  ],
};
const SCORE_TEXT_ZH: typeof SCORE_TEXT = {
  ethics: ['严格按照约定的行程和价格执行，有任何变化会提前告知。', '价格和时间都透明，只推荐真正好的地方，从不拿回扣。', '完全透明：不拿回扣、价格清楚，始终把你的安全放在第一位。'],
  boundary: ['性格随和，很乐意和你聊聊在日本的生活。', '热情但专业，尊重你的隐私和节奏。', '边界清晰、专业，每一步都尊重你的时间和隐私。'],
  supportive: ['按照约定的计划进行，简单省心。', '天气或体力有变化时可以灵活调整，随时准备备选方案。', '应变能力很强：带孩子、带老人或临时改行程都没问题。'],
};
/** Japanese-born guides write first in Japanese (decision 070). */
const SCORE_TEXT_JA: typeof SCORE_TEXT = {
  ethics: ['約束した行程と料金を守り、変更があれば早めにお知らせします。', '料金も時間も正直に。おすすめするのは本当に良い場所だけで、手数料は受け取りません。', '完全に透明です。手数料なし、明確な料金、そしていつもお客様の安全を第一に考えます。'],
  boundary: ['気さくでリラックスした雰囲気です。日本の暮らしについて喜んでお話しします。', '温かく、でもプロとして。プライバシーとペースを大切にします。', 'はっきりとしたプロの距離感で、時間とプライバシーをどの場面でも尊重します。'],
  supportive: ['決めた計画どおりに、シンプルに進めます。', '天気や体力に合わせて柔軟に。いつもプランBを用意しています。', 'とても柔軟です。お子様連れ、ご年配の方、直前の変更も大丈夫です。'],
};
const band = (score: number) => (score <= 3 ? 0 : score <= 6 ? 1 : 2);

/**
 * What travelers wrote, by the stars they gave: a review's words agree with its rating (a 2-star review
 * never reads like a 5-star one). Each text belongs to one band only, so a reader of the seed
 * (`seed/signals.test.ts`) can tell from the words which stars they may carry.
 */
export const REVIEW_BANDS: readonly { stars: readonly number[]; zh: readonly string[]; en: readonly string[] }[] = [
  {
    stars: [5],
    zh: [
      '讲解非常细致，带我们去了很多攻略上找不到的小店，下次还会再约！',
      '中文很流利，沟通毫无障碍，行程安排得很合理，老人孩子都不累。',
      '拍照技术一流，帮我们拍了很多好看的照片。',
      '推荐的餐厅都很地道，价格也实在，感谢一路照顾。',
      '第一次来日本，有地陪带着安心很多，交通换乘全程帮忙。',
      '非常专业，对历史文化了解很深，孩子听得津津有味。',
    ],
    en: ['Wonderful day. Knew every backstreet and the best place for lunch.', 'Patient, kind and funny. Our kids loved it.', 'Helped us with trains and tickets all day. Highly recommended.'],
  },
  {
    stars: [4],
    zh: ['守时又贴心，下雨天临时调整了路线，体验依然很好。', '整体不错，就是有一站时间稍微有点赶。'],
    en: ['Great guide, though we ran a little over time at the market.'],
  },
  {
    stars: [3],
    zh: ['地陪人很好，但行程比约定的短了半小时，午餐的店也比较一般。', '讲解还可以，不过有几个景点只是匆匆走过。'],
    en: ['Friendly, but the day felt rushed and we skipped one of the places we had agreed on.'],
  },
  {
    stars: [1, 2],
    zh: ['迟到了二十分钟，也没有提前说一声，行程安排比较随意，有些失望。', '讲解很少，大部分时间是我们自己在逛，感觉不太值这个价格。'],
    en: ['Arrived late and seemed unprepared; we expected more for the price.'],
  },
];
const bandOf = (rating: number) => REVIEW_BANDS.find((b) => b.stars.includes(rating))!;
const REVIEWER_NAMES = ['Zhang Min', 'Li Na', 'Wang Fang', 'Liu Yang', 'Chen Hao', 'Yang Xue', 'Zhao Lei', 'Huang Qian', 'Zhou Jie', 'Wu Ting', 'Xu Ming', 'Sun Li', 'Ma Jun', 'Zhu Lin', 'Hu Yan', 'Guo Peng', 'Emma Brown', 'Lucas Martin', 'Kim Jiwoo', 'Nguyen Anh'];

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
  itineraries: { title: string; summary: string; durationHours: number; stops: { time: string; title: string; description: string }[] }[];
  reviews: { rating: number; content: string; daysAgo: number }[];
}

interface BioFacts {
  city: string;
  yearsInCity: number;
  yearsGuiding: number;
  occupation: string;
  spot: string;
  other: string;
  languages: string;
}
const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;
/** Several voices, so the cards of one city do not read as one text with the names changed. */
const BIOS_EN: ((f: BioFacts) => string)[] = [
  (f) => `I have lived in ${f.city} for ${years(f.yearsInCity)} and have been guiding for ${years(f.yearsGuiding)}; by day I work as ${f.occupation}. I love showing visitors ${f.spot} and the small local places around it. I speak ${f.languages}, and plans go at your pace.`,
  (f) => `${f.city} has been home for ${years(f.yearsInCity)}. I started guiding ${f.yearsGuiding === 1 ? 'a year ago' : `${f.yearsGuiding} years ago`} because friends kept asking me where to eat. Expect ${f.spot}, a detour to ${f.other}, and plenty of time for photos. Languages: ${f.languages}.`,
  (f) => `Quiet mornings at ${f.spot}, lunch where the office workers go, and the story behind ${f.other}: that is a day with me. I am ${f.occupation}, ${years(f.yearsInCity)} in ${f.city}, and happy to adapt for children or older travelers. I speak ${f.languages}.`,
];
const BIOS_ZH: ((f: BioFacts) => string)[] = [
  (f) => `我在${f.city}生活了${f.yearsInCity}年，做导游${f.yearsGuiding}年，平时是一名${f.occupation}。最喜欢带大家去${f.spot}，也熟悉周边的美食和小店。会说${f.languages}，行程可以按您的节奏灵活调整。`,
  (f) => `来${f.city}已经${f.yearsInCity}年了。因为朋友们总问我去哪儿吃，${f.yearsGuiding}年前开始做导游。跟我走，一定会去${f.spot}，顺路绕到${f.other}，拍照时间管够。语言：${f.languages}。`,
  (f) => `清晨的${f.spot}、本地上班族常去的午餐小馆、${f.other}背后的故事——这就是和我在一起的一天。我是${f.occupation}，在${f.city}住了${f.yearsInCity}年，带老人和孩子都很有经验。会说${f.languages}。`,
];

const BIOS_JA: ((f: BioFacts) => string)[] = [
  (f) => `${f.city}に住んで${f.yearsInCity}年、ガイドを始めて${f.yearsGuiding}年になります。普段は${f.occupation}をしています。${f.spot}とその周りの小さなお店を案内するのが大好きです。話せる言葉は${f.languages}。ペースはお客様に合わせます。`,
  (f) => `${f.city}に暮らして${f.yearsInCity}年。友人たちにいつも「どこで食べたらいい？」と聞かれるので、${f.yearsGuiding}年前にガイドを始めました。${f.spot}はもちろん、${f.other}にも寄り道して、写真の時間もたっぷり取ります。言語：${f.languages}。`,
  (f) => `朝の${f.spot}、会社員が通うランチの店、そして${f.other}にまつわる話——それが私との一日です。${f.occupation}として働き、${f.city}に住んで${f.yearsInCity}年。お子様やご年配の方との旅にも慣れています。話せる言葉は${f.languages}です。`,
];
const CITY_JA: Record<string, string> = { tokyo: '東京', kyoto: '京都', osaka: '大阪', hiroshima: '広島', sapporo: '札幌', nara: '奈良', yokohama: '横浜', kobe: '神戸', fukuoka: '福岡', nagoya: '名古屋' };
const OCCUPATION_JA: Record<string, string> = {
  'a former travel agent': '元旅行会社員',
  'a university student': '大学生',
  'a photographer': 'カメラマン',
  'a former hotel concierge': '元ホテルコンシェルジュ',
  'a translator': '翻訳者',
  'a cooking teacher': '料理教室の先生',
  'a museum volunteer': '博物館のボランティア',
  'a designer': 'デザイナー',
  'an office worker': '会社員',
  'a tea ceremony teacher': '茶道の先生',
};

const LANG_NAMES: Record<string, [string, string]> = { zh: ['Chinese', '中文'], ja: ['Japanese', '日语'], en: ['English', '英语'] };
const LANG_NAMES_JA: Record<string, string> = { zh: '中国語', ja: '日本語', en: '英語' };

/** One plausible guide in a city. `n` makes the username unique. */
export function generateGuide(
  rng: Rng,
  n: number,
  citySlug: string,
  subcategories: readonly { id: number; slug: string }[],
  opts: { withStories: boolean; usedNames?: Set<string> },
): GeneratedGuide {
  const city = SERVICE_CITIES.find((c) => c.slug === citySlug)!;
  const chinese = rng.chance(0.45); // Chinese-born guides living in Japan
  const sex = rng.chance(0.55) ? 'female' : 'male';
  const givenNames = chinese ? (sex === 'female' ? CN_GIVEN_F : CN_GIVEN_M) : sex === 'female' ? JP_GIVEN_F : JP_GIVEN_M;
  const nameOf = () => (chinese ? `${rng.pick(CN_FAMILY)}${rng.pick(givenNames)}` : `${rng.pick(givenNames)} ${rng.pick(JP_FAMILY)}`);
  // Two guides with one name would confuse travelers: draw again (the bulk benchmark data passes no set).
  let fullName = nameOf();
  for (let tries = 0; opts.usedNames?.has(fullName) && tries < 100; tries++) fullName = nameOf();
  opts.usedNames?.add(fullName);
  const languages = chinese
    ? ['zh', 'ja', ...(rng.chance(0.5) ? ['en'] : [])]
    : ['ja', ...(rng.chance(0.6) ? ['en'] : []), ...(rng.chance(0.35) ? ['zh'] : [])];
  const [occEn, occZh] = rng.pick(OCCUPATIONS);
  const student = occEn === 'a university student';
  // Facts that agree with each other: years in the city ≤ adult years, years guiding ≤ years in
  // the city, and tours led in step with the months spent guiding.
  const age = student ? rng.int(20, 26) : rng.int(25, 62);
  const yearsInCity = rng.int(2, Math.max(2, Math.min(25, age - 18)));
  const yearsGuiding = rng.int(1, Math.max(1, Math.min(student ? 3 : 12, yearsInCity)));
  const experienceMonths = Math.max(4, yearsGuiding * 12 - rng.int(0, 11));
  const sessionCount = Math.min(900, Math.round(experienceMonths * rng.int(student ? 1 : 2, student ? 3 : 7) * 0.8));
  const spots = CITY_SPOTS[citySlug]!;
  const spot = rng.pick(spots);
  const other = rng.pick(spots.filter((x) => x !== spot));
  const writesChinese = languages.includes('zh');
  const facts = (l: TextLanguage): BioFacts => ({
    city: l === 'zh' ? city.nameCn : l === 'ja' ? CITY_JA[citySlug] ?? city.nameEn : city.nameEn,
    yearsInCity,
    yearsGuiding,
    occupation: l === 'zh' ? occZh : l === 'ja' ? OCCUPATION_JA[occEn] ?? occZh : occEn,
    spot: l === 'en' ? spot[0] : spot[1],
    other: l === 'en' ? other[0] : other[1],
    languages: languages.map((x) => (l === 'ja' ? LANG_NAMES_JA[x]! : LANG_NAMES[x]![l === 'zh' ? 1 : 0])).join(l === 'en' ? ', ' : '、'),
  });
  // One voice in every language the guide writes: Chinese-born guides write Chinese first,
  // Japanese-born guides Japanese, each plus Chinese and English when they speak them. Readers
  // without a version (English readers of a guide who speaks no English) see the original, named
  // (decision 070).
  const voice = rng.pick([0, 1, 2]);
  const bioIn = (l: TextLanguage) => (l === 'zh' ? BIOS_ZH : l === 'ja' ? BIOS_JA : BIOS_EN)[voice]!(facts(l));
  const originalLanguage: TextLanguage = chinese ? 'zh' : 'ja';
  const written: TextLanguage[] = [originalLanguage, ...(['zh', 'en'] as const).filter((l) => l !== originalLanguage && languages.includes(l))];
  const price = rng.int(15, 80) * 10; // 150–800 RMB
  const minPeople = rng.chance(0.8) ? 1 : 2;
  const maxPeople = rng.pick([2, 4, 4, 6, 6, 8, 10, 12]);
  const minDuration = rng.pick([2, 2, 3, 4]);
  const maxDuration = Math.max(minDuration + 2, rng.pick([6, 8, 8, 10]));
  const scores = { ethics: rng.int(5, 9), boundary: rng.int(4, 9), supportive: rng.int(3, 9) };
  const scoreText = { zh: SCORE_TEXT_ZH, en: SCORE_TEXT, ja: SCORE_TEXT_JA };
  const texts: GuideTexts = Object.fromEntries(
    written.map((l) => [
      l,
      {
        bio: bioIn(l),
        ethicsDescription: scoreText[l].ethics[band(scores.ethics)],
        boundaryDescription: scoreText[l].boundary[band(scores.boundary)],
        supportiveDescription: scoreText[l].supportive[band(scores.supportive)],
      },
    ]),
  );
  const bio = texts[originalLanguage]!.bio!;
  // The draws happen for every guide, so that the guides after this one stay the same whatever it offers.
  const drawn = rng.sample(subcategories, rng.int(2, 6)).sort((a, b) => a.id - b.id);
  const prices = drawn.map(() => (rng.chance(0.25) ? (price + rng.int(1, 10) * 10) * 100 : null));
  // Demo guides offer what their bio talks about (guide-services.ts); the bulk benchmark guides keep the
  // even random spread that the search measurements were taken on (decision 097).
  const matched = opts.withStories
    ? servicesForBio(spot[0], other[0], occEn).flatMap((slug) => subcategories.filter((c) => c.slug === slug))
    : drawn;
  const services = matched.map((c, i) => ({ subcategoryId: c.id, priceCents: prices[i % prices.length] ?? null }));
  const startHour = rng.pick([8, 9, 9, 10]);
  const endHour = Math.min(22, startHour + rng.pick([8, 9, 10, 12]));
  const weekdays = rng.sample([1, 2, 3, 4, 5, 6, 7], rng.int(3, 6)).sort();
  const weekly = weekdays.flatMap((weekday) =>
    rng.chance(0.15)
      ? [{ weekday, startMinute: startHour * 60, endMinute: 12 * 60 }, { weekday, startMinute: 13 * 60, endMinute: endHour * 60 }]
      : [{ weekday, startMinute: startHour * 60, endMinute: endHour * 60 }],
  );
  const daysOff = opts.withStories ? rng.sample(Array.from({ length: 60 }, (_, i) => i + 1), rng.int(0, 4)) : [];
  const itineraries = opts.withStories
    ? rng.sample(spots, rng.int(1, 3)).map((main, i) => {
        const stops = [main, ...rng.sample(spots.filter((s) => s !== main), 2)];
        const hours = Math.min(maxDuration, Math.max(minDuration, 3 + i * 2));
        const times = ['09:30', '12:00', '14:30'];
        return writesChinese
          ? {
              title: i === 0 ? `${city.nameCn}经典一日游：${main[1]}` : `${main[1]}深度游`,
              summary: `以${main[1]}为主线，顺路探访${stops.slice(1).map((s) => s[1]).join('和')}，中途安排当地人常去的餐厅。`,
              durationHours: hours,
              stops: stops.map((s, j) => ({ time: times[j]!, title: s[1], description: j === 1 ? '午餐时间，品尝地道的当地料理。' : `在${s[1]}慢慢游览，讲解历史与小故事。` })),
            }
          : {
              title: i === 0 ? `Classic ${city.nameEn}: ${main[0]}` : `${main[0]} in depth`,
              summary: `A relaxed walk built around ${main[0]}, with ${stops.slice(1).map((s) => s[0]).join(' and ')} on the way and lunch where locals eat.`,
              durationHours: hours,
              stops: stops.map((s, j) => ({ time: times[j]!, title: s[0], description: j === 1 ? 'Lunch break with local food.' : `Time to explore ${s[0]}, with its history and stories.` })),
            };
      })
    : [];
  const reviewCount = opts.withStories ? rng.int(0, 9) : 0;
  const reviews = Array.from({ length: reviewCount }, () => {
    const rating = rng.pick([5, 5, 5, 4, 4, 4, 3, 5, 4, 2]);
    // One draw for the text whatever its band, so the guides generated after this one stay the same.
    const texts = bandOf(rating);
    return { rating, content: rng.chance(0.8) ? rng.pick(texts.zh) : rng.pick(texts.en), daysAgo: rng.int(3, 300) };
  });
  return {
    username: `guide-${citySlug}-${String(n).padStart(3, '0')}`,
    fullName,
    sex,
    age,
    city: city.nameEn,
    guide: {
      serviceCity: citySlug,
      bio,
      texts,
      originalLanguage,
      languages,
      basicPricePerHourCents: price * 100,
      additionalPricePerPersonCents: 3000,
      mbti: rng.pick(MBTI),
      ethicsScore: scores.ethics,
      ethicsDescription: texts[originalLanguage]!.ethicsDescription!,
      boundaryScore: scores.boundary,
      boundaryDescription: texts[originalLanguage]!.boundaryDescription!,
      supportiveScore: scores.supportive,
      supportiveDescription: texts[originalLanguage]!.supportiveDescription!,
      occupation: writesChinese ? occZh : occEn.replace(/^an? /, '').replace(/^./, (c) => c.toUpperCase()),
      // Never a guide-interpreter title: only a verified licence may claim one (decision 092).
      qualifications: rng.chance(0.5) ? [{ description: writesChinese ? '急救证书（日本红十字会）' : 'First-aid certificate (Japanese Red Cross)' }] : [],
      experienceMonths,
      sessionCount,
      targetGroups: rng.sample(TARGET_GROUPS, rng.int(2, 5)),
      minPeople,
      maxPeople,
      minDurationHours: minDuration,
      maxDurationHours: maxDuration,
    },
    services,
    weekly,
    daysOff,
    itineraries,
    reviews,
  };
}

export { REVIEWER_NAMES };
