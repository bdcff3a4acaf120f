import type { StoredDayPlan } from '../../../../shared/booking/family-plans';
import { tourDates } from '../../../../shared/booking/tour-days';
import type { Locale } from '../../../../shared/locales';
import { placeForReader } from '../../../../shared/meeting-points';

/** Longer plans are cut in the chat's line; the booking shows them whole. */
const NOTE_PLAN_CHARS = 80;

const HEAD: Record<Locale, string> = {
  en: 'Plan for each day updated:',
  'zh-CN': '每日行程已更新：',
  ja: '日ごとの予定を更新しました：',
};
const NO_PLAN: Record<Locale, string> = { en: 'no plan', 'zh-CN': '暂无安排', ja: '予定なし' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Day 2 (Dec 13)", "第 2 天（12月13日）", "2日目（12月13日）". */
function dayLabel(day: number, date: string, locale: Locale): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  if (locale === 'zh-CN') return `第 ${day} 天（${m}月${d}日）`;
  if (locale === 'ja') return `${day}日目（${m}月${d}日）`;
  return `Day ${day} (${MONTHS[m - 1]} ${d})`;
}

/**
 * The chat's line when the plan for each day changes (decision 178), in its author's language: one
 * line per changed day with its time, place and plan (cut short), or that it has none now.
 */
export function dayPlansNote(
  b: { date: string; days: number },
  plans: readonly StoredDayPlan[],
  changed: readonly number[],
  locale: Locale,
): string {
  const dates = tourDates(b.date, b.days);
  const lines = changed.map((day) => {
    const p = plans.find((x) => x.day === day);
    const label = dayLabel(day, dates[day - 1] ?? b.date, locale);
    if (!p) return `${label}: ${NO_PLAN[locale]}`;
    const shown = p.meetingAddress ? placeForReader(p, locale) : null;
    const place = shown ? (shown.kind === 'listed' ? shown.name : shown.text) : null;
    const plan = p.plan && p.plan.length > NOTE_PLAN_CHARS ? `${p.plan.slice(0, NOTE_PLAN_CHARS)}…` : p.plan;
    return [label, p.startTime, place, plan].filter(Boolean).join(' · ');
  });
  return [HEAD[locale], ...lines].join('\n');
}
