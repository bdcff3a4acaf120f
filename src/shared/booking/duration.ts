import type { Locale } from '../locales';

/**
 * A tour's length in words (never "4.3 hours"): "4 hours", "4 h 15 min", "15 min" in
 * English; "4 小时", "4 小时 15 分钟", "15 分钟" in Chinese (numbers spaced as locales/VOICE.md says); "4時間",
 * "4時間15分", "15分" in Japanese.
 */
export function durationText(hours: number, locale: Locale): string {
  const total = Math.round(hours * 60);
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (locale === 'ja') return `${h > 0 ? `${h}時間` : ''}${m > 0 || h === 0 ? `${m}分` : ''}`;
  if (locale === 'zh-CN') return [h > 0 && `${h} 小时`, (m > 0 || h === 0) && `${m} 分钟`].filter(Boolean).join(' ');
  if (m === 0) return `${h} ${h === 1 ? 'hour' : 'hours'}`;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}
