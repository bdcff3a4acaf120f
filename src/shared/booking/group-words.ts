import type { Locale } from '../locales';

/**
 * The group as the documents write it (decision 179), word for word as the web app's cards do
 * (`groupText`, from its locale files; group-words.test.tsx holds them equal): "2 adults, 1 child,
 * 1 infant" / "成人 2 位、儿童 1 位、婴儿 1 位" / "大人 2名、お子さま 1名、乳幼児 1名" when the group has
 * children or infants, else "3 people" / "3 人" / "3名". `travelers` is everyone on the tour.
 */
export function groupWords(g: { travelers: number; children?: number; infants?: number }, locale: Locale): string {
  const children = g.children ?? 0;
  const infants = g.infants ?? 0;
  const adults = g.travelers - children - infants;
  if (locale === 'zh-CN') {
    if (!children && !infants) return `${g.travelers} 人`;
    return [`成人 ${adults} 位`, children && `儿童 ${children} 位`, infants && `婴儿 ${infants} 位`]
      .filter(Boolean)
      .join('、');
  }
  if (locale === 'ja') {
    if (!children && !infants) return `${g.travelers}名`;
    return [`大人 ${adults}名`, children && `お子さま ${children}名`, infants && `乳幼児 ${infants}名`]
      .filter(Boolean)
      .join('、');
  }
  const n = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;
  if (!children && !infants) return n(g.travelers, 'person', 'people');
  return [
    n(adults, 'adult', 'adults'),
    children && n(children, 'child', 'children'),
    infants && n(infants, 'infant', 'infants'),
  ]
    .filter(Boolean)
    .join(', ');
}
