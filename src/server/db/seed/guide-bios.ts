/**
 * What a generated guide writes about themself (guide-data.ts): the bio in one of several voices and the
 * words beside the three scores, in every language the guide writes. Pure: every draw is the caller's.
 */
import type { GuideTexts, TextLanguage } from '../../../shared/guide-texts';

export type Spot = [en: string, zh: string];

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
  ethics: [
    '严格按照约定的行程和价格执行，有任何变化会提前告知。',
    '价格和时间都透明，只推荐真正好的地方，从不拿回扣。',
    '完全透明：不拿回扣、价格清楚，始终把你的安全放在第一位。',
  ],
  boundary: [
    '性格随和，很乐意和你聊聊在日本的生活。',
    '热情但专业，尊重你的隐私和节奏。',
    '边界清晰、专业，每一步都尊重你的时间和隐私。',
  ],
  supportive: [
    '按照约定的计划进行，简单省心。',
    '天气或体力有变化时可以灵活调整，随时准备备选方案。',
    '应变能力很强：带孩子、带老人或临时改行程都没问题。',
  ],
};
/** Japanese-born guides write first in Japanese (decision 070). */
const SCORE_TEXT_JA: typeof SCORE_TEXT = {
  ethics: [
    '約束した行程と料金を守り、変更があれば早めにお知らせします。',
    '料金も時間も正直に。おすすめするのは本当に良い場所だけで、手数料は受け取りません。',
    '完全に透明です。手数料なし、明確な料金、そしていつもお客様の安全を第一に考えます。',
  ],
  boundary: [
    '気さくでリラックスした雰囲気です。日本の暮らしについて喜んでお話しします。',
    '温かく、でもプロとして。プライバシーとペースを大切にします。',
    'はっきりとしたプロの距離感で、時間とプライバシーをどの場面でも尊重します。',
  ],
  supportive: [
    '決めた計画どおりに、シンプルに進めます。',
    '天気や体力に合わせて柔軟に。いつもプランBを用意しています。',
    'とても柔軟です。お子様連れ、ご年配の方、直前の変更も大丈夫です。',
  ],
};
const band = (score: number) => (score <= 3 ? 0 : score <= 6 ? 1 : 2);

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
  (f) =>
    `I have lived in ${f.city} for ${years(f.yearsInCity)} and have been guiding for ${years(f.yearsGuiding)}; by day I work as ${f.occupation}. I love showing visitors ${f.spot} and the small local places around it. I speak ${f.languages}, and plans go at your pace.`,
  (f) =>
    `${f.city} has been home for ${years(f.yearsInCity)}. I started guiding ${f.yearsGuiding === 1 ? 'a year ago' : `${f.yearsGuiding} years ago`} because friends kept asking me where to eat. Expect ${f.spot}, a detour to ${f.other}, and plenty of time for photos. Languages: ${f.languages}.`,
  (f) =>
    `Quiet mornings at ${f.spot}, lunch where the office workers go, and the story behind ${f.other}: that is a day with me. I am ${f.occupation}, ${years(f.yearsInCity)} in ${f.city}, and happy to adapt for children or older travelers. I speak ${f.languages}.`,
];
const BIOS_ZH: ((f: BioFacts) => string)[] = [
  (f) =>
    `我在${f.city}生活了${f.yearsInCity}年，做导游${f.yearsGuiding}年，平时是一名${f.occupation}。最喜欢带大家去${f.spot}，也熟悉周边的美食和小店。会说${f.languages}，行程可以按您的节奏灵活调整。`,
  (f) =>
    `来${f.city}已经${f.yearsInCity}年了。因为朋友们总问我去哪儿吃，${f.yearsGuiding}年前开始做导游。跟我走，一定会去${f.spot}，顺路绕到${f.other}，拍照时间管够。语言：${f.languages}。`,
  (f) =>
    `清晨的${f.spot}、本地上班族常去的午餐小馆、${f.other}背后的故事——这就是和我在一起的一天。我是${f.occupation}，在${f.city}住了${f.yearsInCity}年，带老人和孩子都很有经验。会说${f.languages}。`,
];

const BIOS_JA: ((f: BioFacts) => string)[] = [
  (f) =>
    `${f.city}に住んで${f.yearsInCity}年、ガイドを始めて${f.yearsGuiding}年になります。普段は${f.occupation}をしています。${f.spot}とその周りの小さなお店を案内するのが大好きです。話せる言葉は${f.languages}。ペースはお客様に合わせます。`,
  (f) =>
    `${f.city}に暮らして${f.yearsInCity}年。友人たちにいつも「どこで食べたらいい？」と聞かれるので、${f.yearsGuiding}年前にガイドを始めました。${f.spot}はもちろん、${f.other}にも寄り道して、写真の時間もたっぷり取ります。言語：${f.languages}。`,
  (f) =>
    `朝の${f.spot}、会社員が通うランチの店、そして${f.other}にまつわる話——それが私との一日です。${f.occupation}として働き、${f.city}に住んで${f.yearsInCity}年。お子様やご年配の方との旅にも慣れています。話せる言葉は${f.languages}です。`,
];
const CITY_JA: Record<string, string> = {
  tokyo: '東京',
  kyoto: '京都',
  osaka: '大阪',
  hiroshima: '広島',
  sapporo: '札幌',
  nara: '奈良',
  yokohama: '横浜',
  kobe: '神戸',
  fukuoka: '福岡',
  nagoya: '名古屋',
};
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

const LANG_NAMES: Record<string, [string, string]> = {
  zh: ['Chinese', '中文'],
  ja: ['Japanese', '日语'],
  en: ['English', '英语'],
};
const LANG_NAMES_JA: Record<string, string> = { zh: '中国語', ja: '日本語', en: '英語' };

/** What the bio says: the guide's city, years, day job, two favourite places and languages. */
export interface GuideStory {
  citySlug: string;
  city: { nameEn: string; nameCn: string };
  yearsInCity: number;
  yearsGuiding: number;
  occupation: [en: string, zh: string];
  spot: Spot;
  other: Spot;
  languages: string[];
}

export interface GuideScores {
  ethics: number;
  boundary: number;
  supportive: number;
}

function factsIn(story: GuideStory, l: TextLanguage): BioFacts {
  const {
    city,
    citySlug,
    occupation: [occEn, occZh],
  } = story;
  return {
    city: l === 'zh' ? city.nameCn : l === 'ja' ? (CITY_JA[citySlug] ?? city.nameEn) : city.nameEn,
    yearsInCity: story.yearsInCity,
    yearsGuiding: story.yearsGuiding,
    occupation: l === 'zh' ? occZh : l === 'ja' ? (OCCUPATION_JA[occEn] ?? occZh) : occEn,
    spot: l === 'en' ? story.spot[0] : story.spot[1],
    other: l === 'en' ? story.other[0] : story.other[1],
    languages: story.languages
      .map((x) => (l === 'ja' ? LANG_NAMES_JA[x]! : LANG_NAMES[x]![l === 'zh' ? 1 : 0]))
      .join(l === 'en' ? ', ' : '、'),
  };
}

/**
 * One voice in every language the guide writes: Chinese-born guides write Chinese first,
 * Japanese-born guides Japanese, each plus Chinese and English when they speak them. Readers
 * without a version (English readers of a guide who speaks no English) see the original, named
 * (decision 070).
 */
export function writeGuideTexts(
  story: GuideStory,
  voice: number,
  scores: GuideScores,
  originalLanguage: TextLanguage,
): GuideTexts {
  const bioIn = (l: TextLanguage) => (l === 'zh' ? BIOS_ZH : l === 'ja' ? BIOS_JA : BIOS_EN)[voice]!(factsIn(story, l));
  const written: TextLanguage[] = [
    originalLanguage,
    ...(['zh', 'en'] as const).filter((l) => l !== originalLanguage && story.languages.includes(l)),
  ];
  const scoreText = { zh: SCORE_TEXT_ZH, en: SCORE_TEXT, ja: SCORE_TEXT_JA };
  return Object.fromEntries(
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
}
