import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useTabKeys } from '../../../lib/use-tab-keys';
import type { GuideTab } from '../lib/needs-answer';
import { AttentionBadge } from './attention-badge';

export const GUIDE_TABS: readonly GuideTab[] = ['requests', 'tours', 'past', 'settings'];

/** The settings' own anchors (availability, rates, profile…): a link to one opens the settings tab. */
const SETTINGS_ANCHORS = [
  'availability',
  'rates',
  'profile',
  'profile-prices',
  'profile-texts',
  'itineraries',
  'guide-licence',
  'calendar-link',
];

/**
 * Which tab a URL opens: `?tab=` when it names one; else the tab of the `#booking-{id}` card or
 * `?booking={id}` it points to, the settings for a settings anchor, the finished tours for
 * `#past-tours` (the review invitations link there); else the requests.
 */
export function tabFromUrl(
  tab: string | null,
  hash: string,
  bookingParam: string | null,
  tabOfBooking: (id: number) => GuideTab | null,
): GuideTab {
  if (GUIDE_TABS.includes(tab as GuideTab)) return tab as GuideTab;
  const anchor = decodeURIComponent(hash.replace(/^#/, ''));
  const id = Number(/^booking-(\d+)$/.exec(anchor)?.[1] ?? bookingParam);
  if (id) return tabOfBooking(id) ?? 'requests';
  if (SETTINGS_ANCHORS.includes(anchor)) return 'settings';
  if (anchor === 'past-tours') return 'past';
  return 'requests';
}

/**
 * The dashboard's sections as WAI-ARIA tabs (arrow keys, Home and End move between them), so a
 * phone shows one section at a time instead of one long page. A tab's badge counts what in it waits
 * for the guide's answer (`attention`) while anything does, else how many it holds (`counts`).
 */
export function GuideTabs({
  value,
  onChange,
  counts,
  attention = {},
  children,
}: {
  value: GuideTab;
  onChange: (t: GuideTab) => void;
  counts: Partial<Record<GuideTab, number>>;
  attention?: Partial<Record<GuideTab, number>>;
  children: ReactNode;
}) {
  const { t } = useTranslation('bookings');
  const keys = useTabKeys(GUIDE_TABS, onChange);
  return (
    <div className="mt-6">
      <div
        role="tablist"
        aria-label={t('needsAnswer.tabs.label')}
        className="flex gap-0.5 overflow-x-auto border-b border-stone-200 dark:border-stone-700"
      >
        {GUIDE_TABS.map((key) => {
          const selected = key === value;
          const count = counts[key] ?? 0;
          const waiting = attention[key] ?? 0;
          return (
            <button
              key={key}
              ref={keys.tabRef(key)}
              type="button"
              role="tab"
              id={`guide-tab-${key}`}
              aria-selected={selected}
              aria-controls="guide-tab-panel"
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(key)}
              onKeyDown={keys.onKeyDown(key)}
              className={cn(
                '-mb-px inline-flex min-h-11 shrink-0 items-center gap-1 whitespace-nowrap rounded-t-md border-b-2 px-2 text-sm sm:gap-1.5 sm:px-3 font-medium focus-visible:outline-2 focus-visible:outline-primary-600',
                selected
                  ? 'border-primary-600 text-primary-700 dark:text-primary-300'
                  : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100',
              )}
            >
              {t(`needsAnswer.tabs.${key}`)}
              {waiting > 0 ? (
                <AttentionBadge count={waiting} />
              ) : (
                count > 0 && (
                  <span className="rounded-full bg-stone-100 px-1.5 text-xs tabular-nums text-stone-700 dark:bg-stone-800 dark:text-stone-200">
                    {count}
                  </span>
                )
              )}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id="guide-tab-panel" aria-labelledby={`guide-tab-${value}`}>
        {children}
      </div>
    </div>
  );
}
