import type { Locale } from '../../../shared/locales';

/** The OCTO content the server writes around a guide's own texts (decision 201), in every language (decision 144). */
export const OCTO_TEXTS: Record<
  Locale,
  {
    product: (name: string, city: string) => string;
    hours: (n: number) => string;
    days: (n: number, hours: number) => string;
    units: Record<'adult' | 'child' | 'infant', string>;
  }
> = {
  en: {
    product: (name, city) => `A private tour of ${city} with ${name}, a local guide`,
    hours: (n) => (n === 1 ? '1 hour' : `${n} hours`),
    days: (n, hours) => `${n === 1 ? '1 day' : `${n} days`} of ${hours} hours`,
    units: { adult: 'Adult (12 and over)', child: 'Child (3–11)', infant: 'Infant (under 3)' },
  },
  'zh-CN': {
    product: (name, city) => `与当地导游${name}一起的${city}私人行程`,
    hours: (n) => `${n}小时`,
    days: (n, hours) => `${n}天（每天${hours}小时）`,
    units: { adult: '成人（12岁及以上）', child: '儿童（3–11岁）', infant: '婴儿（3岁以下）' },
  },
  ja: {
    product: (name, city) => `地元ガイド${name}と巡る${city}のプライベートツアー`,
    hours: (n) => `${n}時間`,
    days: (n, hours) => `${n}日間（1日${hours}時間）`,
    units: { adult: '大人（12歳以上）', child: '子ども（3〜11歳）', infant: '乳幼児（3歳未満）' },
  },
};
