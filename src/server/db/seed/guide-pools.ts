/**
 * What a generated guide is drawn from (guide-data.ts draws): the sights of each city, names, day jobs,
 * personality types, the travelers guides take, and the words of reviews by their stars. Apart so the
 * lists read apart from the drawing, and a test reads a list without the generator.
 */
import type { Spot } from './guide-bios';

export const CITY_SPOTS: Record<string, Spot[]> = {
  tokyo: [
    ['Senso-ji in Asakusa', '浅草寺'],
    ['Shibuya Crossing', '涩谷十字路口'],
    ['Meiji Jingu', '明治神宫'],
    ['Tsukiji Outer Market', '筑地场外市场'],
  ],
  kyoto: [
    ['Fushimi Inari Taisha', '伏见稻荷大社'],
    ['Kiyomizu-dera', '清水寺'],
    ['the Arashiyama bamboo grove', '岚山竹林'],
    ['Gion', '祇园'],
  ],
  osaka: [
    ['Dotonbori', '道顿堀'],
    ['Osaka Castle', '大阪城'],
    ['Kuromon Market', '黑门市场'],
    ['Shinsekai', '新世界'],
  ],
  hiroshima: [
    ['Peace Memorial Park', '和平纪念公园'],
    ['Miyajima', '宫岛'],
    ['Shukkei-en garden', '缩景园'],
    ['Okonomimura', '御好烧村'],
  ],
  sapporo: [
    ['Odori Park', '大通公园'],
    ['Nijo Market', '二条市场'],
    ['Mount Moiwa', '藻岩山'],
    ['Susukino', '薄野'],
  ],
  nara: [
    ['Nara Park', '奈良公园'],
    ['Todai-ji', '东大寺'],
    ['Kasuga Taisha', '春日大社'],
    ['Naramachi', '奈良町'],
  ],
  yokohama: [
    ['Minato Mirai', '港未来'],
    ['Chinatown', '中华街'],
    ['Sankei-en garden', '三溪园'],
    ['the Red Brick Warehouse', '红砖仓库'],
  ],
  kobe: [
    ['Kitano Ijinkan', '北野异人馆'],
    ['Harborland', '神户港湾乐园'],
    ['Nankinmachi', '南京町'],
    ['Mount Rokko', '六甲山'],
  ],
  fukuoka: [
    ['Dazaifu Tenmangu', '太宰府天满宫'],
    ['the Nakasu yatai stalls', '中洲屋台'],
    ['Ohori Park', '大濠公园'],
    ['Canal City Hakata', '博多运河城'],
  ],
  nagoya: [
    ['Nagoya Castle', '名古屋城'],
    ['Atsuta Shrine', '热田神宫'],
    ['Osu shopping street', '大须商店街'],
    ['the SCMAGLEV and Railway Park', '磁浮铁道馆'],
  ],
};

export const JP_FAMILY = [
  'Sato',
  'Suzuki',
  'Takahashi',
  'Tanaka',
  'Watanabe',
  'Ito',
  'Yamamoto',
  'Nakamura',
  'Kobayashi',
  'Kato',
  'Yoshida',
  'Yamada',
  'Sasaki',
  'Matsumoto',
  'Inoue',
  'Kimura',
  'Hayashi',
  'Shimizu',
  'Mori',
  'Ikeda',
];
export const JP_GIVEN_F = ['Haruka', 'Yui', 'Aoi', 'Sakura', 'Mio', 'Rin', 'Hina', 'Emi', 'Nanami', 'Ayaka'];
export const JP_GIVEN_M = ['Haruto', 'Ren', 'Sota', 'Yuto', 'Kenta', 'Daiki', 'Takumi', 'Riku', 'Shota', 'Kaito'];
// Chinese guides write their names in characters, family name first, as their travelers read them.
export const CN_FAMILY = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '林', '徐', '孙', '马', '郭'];
export const CN_GIVEN_F = ['静', '欣怡', '雨婷', '梅', '晓雨', '兰', '思琪', '文', '佳慧', '悦'];
export const CN_GIVEN_M = ['伟', '浩', '俊', '涛', '一凡', '磊', '志伟', '明', '子轩', '宇航'];

export const OCCUPATIONS: [en: string, zh: string][] = [
  ['a former travel agent', '前旅行社职员'],
  ['a university student', '在读大学生'],
  ['a photographer', '摄影师'],
  ['a former hotel concierge', '前酒店礼宾'],
  ['a translator', '翻译'],
  ['a cooking teacher', '料理老师'],
  ['a museum volunteer', '博物馆志愿者'],
  ['a designer', '设计师'],
  ['an office worker', '上班族'],
  ['a tea ceremony teacher', '茶道老师'],
];
export const MBTI = ['INFJ', 'ENFP', 'ISFJ', 'ESFJ', 'INTP', 'ENTJ', 'ISTJ', 'ESTP', 'INFP', 'ENFJ', 'ISTP', 'ESFP'];
export const TARGET_GROUPS = ['individual', 'couple', 'family', 'group', 'child', 'elderly', 'business'] as const;

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
    en: [
      'Wonderful day. Knew every backstreet and the best place for lunch.',
      'Patient, kind and funny. Our kids loved it.',
      'Helped us with trains and tickets all day. Highly recommended.',
    ],
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
    zh: [
      '迟到了二十分钟，也没有提前说一声，行程安排比较随意，有些失望。',
      '讲解很少，大部分时间是我们自己在逛，感觉不太值这个价格。',
    ],
    en: ['Arrived late and seemed unprepared; we expected more for the price.'],
  },
];
export const REVIEWER_NAMES = [
  'Zhang Min',
  'Li Na',
  'Wang Fang',
  'Liu Yang',
  'Chen Hao',
  'Yang Xue',
  'Zhao Lei',
  'Huang Qian',
  'Zhou Jie',
  'Wu Ting',
  'Xu Ming',
  'Sun Li',
  'Ma Jun',
  'Zhu Lin',
  'Hu Yan',
  'Guo Peng',
  'Emma Brown',
  'Lucas Martin',
  'Kim Jiwoo',
  'Nguyen Anh',
];
