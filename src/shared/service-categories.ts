/**
 * The service catalogue (Service category with subcategories, nameEn + nameCn).
 * The seed writes it to the database; the web app keeps the legacy tag list as a fallback
 * for when the category call fails (docs/rules/look-and-language.md).
 */
export interface CatalogueCategory {
  slug: string;
  nameEn: string;
  nameCn: string;
  subcategories: { slug: string; nameEn: string; nameCn: string }[];
}

export const SERVICE_CATALOGUE: CatalogueCategory[] = [
  {
    slug: 'sightseeing', nameEn: 'Sightseeing', nameCn: '观光游览',
    subcategories: [
      { slug: 'city-walk', nameEn: 'City walking tour', nameCn: '城市漫步' },
      { slug: 'temples-shrines', nameEn: 'Temples and shrines', nameCn: '寺庙神社' },
      { slug: 'historic-sites', nameEn: 'Historic sites and museums', nameCn: '历史古迹与博物馆' },
      { slug: 'night-tour', nameEn: 'Night views and night walks', nameCn: '夜景夜游' },
    ],
  },
  {
    slug: 'food', nameEn: 'Food and drink', nameCn: '美食体验',
    subcategories: [
      { slug: 'food-tour', nameEn: 'Street food tour', nameCn: '街头美食之旅' },
      { slug: 'izakaya', nameEn: 'Izakaya evening', nameCn: '居酒屋之夜' },
      { slug: 'market', nameEn: 'Market visit', nameCn: '市场探访' },
      { slug: 'restaurant-booking', nameEn: 'Restaurant booking help', nameCn: '餐厅预约协助' },
    ],
  },
  {
    slug: 'shopping', nameEn: 'Shopping', nameCn: '购物陪同',
    subcategories: [
      { slug: 'fashion', nameEn: 'Fashion and vintage', nameCn: '时尚与古着' },
      { slug: 'electronics', nameEn: 'Electronics and anime', nameCn: '电器与动漫' },
      { slug: 'drugstore', nameEn: 'Drugstores and cosmetics', nameCn: '药妆购物' },
    ],
  },
  {
    slug: 'culture', nameEn: 'Culture', nameCn: '文化体验',
    subcategories: [
      { slug: 'tea-ceremony', nameEn: 'Tea ceremony', nameCn: '茶道体验' },
      { slug: 'kimono', nameEn: 'Kimono experience', nameCn: '和服体验' },
      { slug: 'onsen', nameEn: 'Onsen visit', nameCn: '温泉体验' },
      { slug: 'crafts', nameEn: 'Traditional crafts', nameCn: '传统手工艺' },
    ],
  },
  {
    slug: 'nature', nameEn: 'Nature and outdoors', nameCn: '自然户外',
    subcategories: [
      { slug: 'hiking', nameEn: 'Hiking', nameCn: '徒步登山' },
      { slug: 'seasonal-views', nameEn: 'Cherry blossoms and autumn leaves', nameCn: '赏樱与红叶' },
      { slug: 'day-trip', nameEn: 'Day trip out of the city', nameCn: '周边一日游' },
    ],
  },
  {
    slug: 'photography', nameEn: 'Photography', nameCn: '旅拍摄影',
    subcategories: [
      { slug: 'portrait', nameEn: 'Portrait photo shoot', nameCn: '人像旅拍' },
      { slug: 'photo-spots', nameEn: 'Photo spot guiding', nameCn: '拍照打卡点' },
    ],
  },
  {
    slug: 'assistance', nameEn: 'Travel assistance', nameCn: '出行协助',
    subcategories: [
      { slug: 'airport-pickup', nameEn: 'Airport pickup', nameCn: '接机送机' },
      { slug: 'transit-help', nameEn: 'Train and transit help', nameCn: '交通换乘协助' },
      { slug: 'interpretation', nameEn: 'Interpretation', nameCn: '翻译陪同' },
      { slug: 'medical-escort', nameEn: 'Hospital visit escort', nameCn: '就医陪同' },
    ],
  },
];
