/**
 * The service catalogue (Service category with subcategories, named in English, Chinese and Japanese;
 * decision 144 — a Japanese reader sees the Japanese name wherever a service is named).
 * The seed writes it to the database; the web app keeps the legacy tag list as a fallback
 * for when the category call fails (docs/rules/look-and-language.md).
 */
export interface CatalogueCategory {
  slug: string;
  nameEn: string;
  nameCn: string;
  nameJa: string;
  subcategories: { slug: string; nameEn: string; nameCn: string; nameJa: string }[];
}

export const SERVICE_CATALOGUE: CatalogueCategory[] = [
  {
    slug: 'sightseeing',
    nameEn: 'Sightseeing',
    nameCn: '观光游览',
    nameJa: '観光',
    subcategories: [
      { slug: 'city-walk', nameEn: 'City walking tour', nameCn: '城市漫步', nameJa: '街歩きツアー' },
      { slug: 'temples-shrines', nameEn: 'Temples and shrines', nameCn: '寺庙神社', nameJa: '寺社めぐり' },
      {
        slug: 'historic-sites',
        nameEn: 'Historic sites and museums',
        nameCn: '历史古迹与博物馆',
        nameJa: '史跡・博物館',
      },
      { slug: 'night-tour', nameEn: 'Night views and night walks', nameCn: '夜景夜游', nameJa: '夜景・夜さんぽ' },
    ],
  },
  {
    slug: 'food',
    nameEn: 'Food and drink',
    nameCn: '美食体验',
    nameJa: 'グルメ',
    subcategories: [
      { slug: 'food-tour', nameEn: 'Street food tour', nameCn: '街头美食之旅', nameJa: '食べ歩きツアー' },
      { slug: 'izakaya', nameEn: 'Izakaya evening', nameCn: '居酒屋之夜', nameJa: '居酒屋で過ごす夜' },
      { slug: 'market', nameEn: 'Market visit', nameCn: '市场探访', nameJa: '市場めぐり' },
      {
        slug: 'restaurant-booking',
        nameEn: 'Restaurant booking help',
        nameCn: '餐厅预约协助',
        nameJa: 'レストラン予約のお手伝い',
      },
    ],
  },
  {
    slug: 'shopping',
    nameEn: 'Shopping',
    nameCn: '购物陪同',
    nameJa: 'ショッピング',
    subcategories: [
      { slug: 'fashion', nameEn: 'Fashion and vintage', nameCn: '时尚与古着', nameJa: 'ファッション・古着' },
      { slug: 'electronics', nameEn: 'Electronics and anime', nameCn: '电器与动漫', nameJa: '家電・アニメ' },
      { slug: 'drugstore', nameEn: 'Drugstores and cosmetics', nameCn: '药妆购物', nameJa: 'ドラッグストア・コスメ' },
    ],
  },
  {
    slug: 'culture',
    nameEn: 'Culture',
    nameCn: '文化体验',
    nameJa: '文化体験',
    subcategories: [
      { slug: 'tea-ceremony', nameEn: 'Tea ceremony', nameCn: '茶道体验', nameJa: '茶道体験' },
      { slug: 'kimono', nameEn: 'Kimono experience', nameCn: '和服体验', nameJa: '着物体験' },
      { slug: 'onsen', nameEn: 'Onsen visit', nameCn: '温泉体验', nameJa: '温泉' },
      { slug: 'crafts', nameEn: 'Traditional crafts', nameCn: '传统手工艺', nameJa: '伝統工芸' },
    ],
  },
  {
    slug: 'nature',
    nameEn: 'Nature and outdoors',
    nameCn: '自然户外',
    nameJa: '自然・アウトドア',
    subcategories: [
      { slug: 'hiking', nameEn: 'Hiking', nameCn: '徒步登山', nameJa: 'ハイキング' },
      {
        slug: 'seasonal-views',
        nameEn: 'Cherry blossoms and autumn leaves',
        nameCn: '赏樱与红叶',
        nameJa: 'お花見・紅葉狩り',
      },
      { slug: 'day-trip', nameEn: 'Day trip out of the city', nameCn: '周边一日游', nameJa: '近郊への日帰り旅行' },
    ],
  },
  {
    slug: 'photography',
    nameEn: 'Photography',
    nameCn: '旅拍摄影',
    nameJa: '写真撮影',
    subcategories: [
      { slug: 'portrait', nameEn: 'Portrait photo shoot', nameCn: '人像旅拍', nameJa: 'ポートレート撮影' },
      { slug: 'photo-spots', nameEn: 'Photo spot guiding', nameCn: '拍照打卡点', nameJa: '撮影スポット案内' },
    ],
  },
  {
    slug: 'assistance',
    nameEn: 'Travel assistance',
    nameCn: '出行协助',
    nameJa: '旅のサポート',
    subcategories: [
      { slug: 'airport-pickup', nameEn: 'Airport pickup', nameCn: '接机送机', nameJa: '空港送迎' },
      {
        slug: 'transit-help',
        nameEn: 'Train and transit help',
        nameCn: '交通换乘协助',
        nameJa: '電車・乗り換えのお手伝い',
      },
      { slug: 'interpretation', nameEn: 'Interpretation', nameCn: '翻译陪同', nameJa: '通訳' },
      { slug: 'medical-escort', nameEn: 'Hospital visit escort', nameCn: '就医陪同', nameJa: '通院の付き添い' },
    ],
  },
];
