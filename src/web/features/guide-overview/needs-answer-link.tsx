import { ArrowRight, BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnswerItem, AnswerKind } from '../bookings';

const KINDS: AnswerKind[] = ['request', 'reschedule', 'extension'];

/**
 * On /guide, before the figures: how many things wait for the guide's answer and of which kind,
 * opening the dashboard's list of them. Absent when nothing waits.
 */
export function NeedsAnswerLink({ items }: { items: AnswerItem[] }) {
  const { t } = useTranslation('guideOverview');
  if (items.length === 0) return null;
  const parts = KINDS.map((k) => [k, items.filter((i) => i.kind === k).length] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => t(`needsAnswer.kinds.${k}`, { count: n }));
  return (
    <Link
      to="/guide-dashboard#needs-answer"
      className="group mt-4 flex items-center gap-3 rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-4 text-amber-950 shadow-soft hover:border-amber-400 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50"
      data-testid="needs-answer-link"
    >
      <BellRing className="h-6 w-6 shrink-0 text-accent-700 dark:text-accent-100" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{t('needsAnswer.title', { count: items.length })}</span>
        <span className="block text-sm text-amber-900 dark:text-amber-100">{parts.join(t('needsAnswer.separator'))}</span>
      </span>
      <ArrowRight className="h-5 w-5 shrink-0 transition-transform group-hover:translate-x-0.5" aria-hidden />
    </Link>
  );
}
