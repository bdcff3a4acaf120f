import type { Locale } from '../locales';
import type { ChoosableExtraKind } from './family-plans';

const NAMES: Record<ChoosableExtraKind, Record<Locale, string>> = {
  entrance_tickets: { en: 'Entrance tickets', 'zh-CN': '门票', ja: '入場料' },
  meals: { en: 'Meals', 'zh-CN': '餐费', ja: '食事代' },
  public_transport: { en: 'Public transport', 'zh-CN': '公共交通', ja: '公共交通機関' },
  guide_travel: { en: "The guide's own fare", 'zh-CN': '地陪本人的交通费', ja: 'ガイド自身の交通費' },
  other: { en: 'Other', 'zh-CN': '其他', ja: 'その他' },
};

/**
 * A chosen extra's line in the reader's language (decision 178): what it is and that it is paid to
 * the guide in person at cost — never charged online, not part of the total. The amount, "about" as
 * much, is beside it.
 */
export function extraLineLabel(kind: ChoosableExtraKind, locale: Locale): string {
  const name = NAMES[kind][locale];
  if (locale === 'zh-CN') return `${name} · 按实际金额当面支付，不在线收取，不计入总价`;
  if (locale === 'ja') return `${name}・実費を当日現地でお支払い（オンラインでは請求せず、合計に含まれません）`;
  return `${name} · paid in person at cost, not charged online and not in the total`;
}
