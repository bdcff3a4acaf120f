import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Clock, FileEdit, FileSearch, LifeBuoy, PenLine, XCircle, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatusReply } from '../../../../shared/schemas/guide-applications';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/page-message';
import { Spinner } from '../../../components/ui/spinner';
import { currentLocale } from '../../../lib/i18n';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { formatInstant } from '../../../lib/format';
import { openSupport } from '../../support/index';
import { useApplicationStatus } from '../api';

type Shown = ApplicationStatusReply['status'] | 'guide';

const LOOK: Record<Shown, { icon: LucideIcon; tone: string }> = {
  none: { icon: PenLine, tone: 'bg-primary-50 text-primary-700 dark:bg-primary-900/40 dark:text-primary-200' },
  draft: { icon: FileEdit, tone: 'bg-primary-50 text-primary-700 dark:bg-primary-900/40 dark:text-primary-200' },
  submitted: { icon: Clock, tone: 'bg-primary-50 text-primary-700 dark:bg-primary-900/40 dark:text-primary-200' },
  under_review: { icon: FileSearch, tone: 'bg-amber-50 text-amber-800 dark:bg-amber-950/50 dark:text-amber-200' },
  changes_requested: { icon: FileEdit, tone: 'bg-amber-50 text-amber-800 dark:bg-amber-950/50 dark:text-amber-200' },
  approved: { icon: BadgeCheck, tone: 'bg-green-50 text-green-800 dark:bg-green-950/50 dark:text-green-200' },
  rejected: { icon: XCircle, tone: 'bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200' },
  guide: { icon: BadgeCheck, tone: 'bg-green-50 text-green-800 dark:bg-green-950/50 dark:text-green-200' },
};

/** /application-status: where the application stands, the review note or reason, and what happens next. */
export function ApplicationStatusView() {
  const { t } = useTranslation('guideApplication');
  const query = useApplicationStatus();
  const session = useSession();
  const qc = useQueryClient();
  const reply = query.data;
  // An account with only a phone is told by text, not e-mail (notice-sms.test.ts): the promise says so.

  // An approval makes the user a guide: refresh the session's user (GET /api/me) so the header and
  // role switch follow at once.
  const becameGuide = !!reply?.isGuide && !session?.user.isGuide;
  useEffect(() => {
    if (becameGuide) void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [becameGuide, qc]);

  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadFailed title={t('status.loadFailed')} onRetry={() => void query.refetch()} />;

  const r = query.data;
  const shown: Shown = r.isGuide && r.status !== 'approved' ? 'guide' : r.status;
  const { icon: Icon, tone } = LOOK[shown];
  const locale = currentLocale();
  const date = (iso: string | null) => (iso ? formatInstant(iso, locale).date : null);
  const submitted = shown !== 'guide' && shown !== 'none' && shown !== 'draft' ? date(r.submittedAt) : null;
  const reviewed =
    shown === 'approved' || shown === 'rejected' || shown === 'changes_requested' ? date(r.reviewedAt) : null;

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="status-title"
        data-testid="application-status"
        data-status={shown}
        className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft sm:p-6 dark:border-stone-800 dark:bg-stone-900"
      >
        <div className="flex items-start gap-4">
          <span className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full ${tone}`}>
            <Icon className="h-6 w-6" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id="status-title" className="text-xl font-semibold tracking-tight">
              {t(`status.${shown}.title`)}
            </h2>
            <p className="mt-1 text-stone-700 dark:text-stone-300">{t(`status.${shown}.body`)}</p>
            {(submitted || reviewed) && (
              <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
                {submitted && t('status.submittedAt', { date: submitted })}
                {submitted && reviewed && ' · '}
                {reviewed && t('status.reviewedAt', { date: reviewed })}
              </p>
            )}
          </div>
        </div>

        {(shown === 'changes_requested' || shown === 'rejected') && r.reviewNote && (
          <div className="mt-5 rounded-lg bg-stone-50 p-4 dark:bg-stone-800/60">
            <p className="text-sm font-semibold">
              {t(shown === 'rejected' ? 'status.rejected.reason' : 'status.changes_requested.note')}
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-sm">{r.reviewNote}</p>
          </div>
        )}

        {shown !== 'submitted' && shown !== 'under_review' && (
          <div className="mt-6 flex flex-wrap gap-3">
            {(shown === 'none' || shown === 'draft') && (
              <ButtonLink to="/become-guide">{t(`status.${shown}.action`)}</ButtonLink>
            )}
            {shown === 'changes_requested' && (
              <ButtonLink to="/become-guide">{t('status.changes_requested.action')}</ButtonLink>
            )}
            {(shown === 'approved' || shown === 'guide') && (
              <ButtonLink to="/guide-dashboard">{t(`status.${shown}.action`)}</ButtonLink>
            )}
            {shown === 'rejected' && (
              <>
                <Button onClick={() => void openSupport('guide_application_rejected')}>
                  <LifeBuoy className="h-4 w-4" aria-hidden />
                  {t('status.rejected.support')}
                </Button>
                <ButtonLink to="/become-guide" variant="outline">
                  {t('status.rejected.edit')}
                </ButtonLink>
              </>
            )}
          </div>
        )}
      </section>

      {shown !== 'guide' && (
        <section
          aria-labelledby="next-title"
          className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 sm:p-6 dark:border-stone-800 dark:bg-stone-900"
        >
          <h2 id="next-title" className="font-semibold">
            {t('status.next')}
          </h2>
          <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">
            {t(
              session && !session.user.email
                ? [`status.${shown}.nextByText`, `status.${shown}.next`]
                : `status.${shown}.next`,
            )}
          </p>
        </section>
      )}
    </div>
  );
}
