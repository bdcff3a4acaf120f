import { useTranslation } from 'react-i18next';

/**
 * A tab's count of what in it waits on the reader (needs-answer.ts), in the accent colour the
 * "Needs your attention" list uses, so the badge and the list read as one. The tabs show it in place
 * of their plain count while something waits.
 */
export function AttentionBadge({ count }: { count: number }) {
  const { t } = useTranslation('bookings');
  return (
    <span
      className="ml-auto rounded-full bg-accent-600 px-1.5 text-xs font-semibold tabular-nums text-white"
      data-testid="attention-badge"
    >
      <span aria-hidden>{count}</span>
      <span className="sr-only">{t('needsAnswer.tabCount', { count })}</span>
    </span>
  );
}
