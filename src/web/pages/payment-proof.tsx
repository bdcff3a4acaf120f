import { ArrowLeft, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { bookingPathFor } from '../../shared/booking/links';
import { ButtonLink } from '../components/ui/button';
import { LoadFailed, PageMessage } from '../components/ui/page-message';
import { Spinner } from '../components/ui/spinner';
import { formatMoney } from '../../shared/money-format';
import { currentLocale } from '../lib/i18n';
import {
  usePaymentProof,
  ProofStatusPill,
  ProofUploadForm,
  ProofView,
  VerifyProofButton,
} from '../features/payment-proofs';
import { ApiError } from '../lib/api-client';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /booking/{bookingId}/payment-proof: the final payment is made in person; the traveler
 * uploads a photo or PDF of it here, the guide checks it and marks it verified. Only the booking's
 * two parties (and admins) see it.
 */
export function Component() {
  const { t } = useTranslation('proofs');
  useDocumentTitle(t('title'));
  const session = useSession();
  const location = useLocation();
  const bookingId = Number(useParams().bookingId);
  const valid = Number.isInteger(bookingId) && bookingId > 0;
  const proof = usePaymentProof(valid ? bookingId : undefined, { enabled: !!session });

  if (!session) return <Navigate to={withRedirect('/login', location.pathname)} replace />;
  const side = session.user.role === 'guide' ? 'guide' : 'traveler';
  const back = {
    to: valid ? bookingPathFor(side, bookingId) : side === 'guide' ? '/guide-dashboard' : '/dashboard',
    label: t(`back.${side}`),
  };
  if (!valid || (proof.error instanceof ApiError && proof.error.status === 404)) {
    return <PageMessage title={t('notFound')} action={<ButtonLink to={back.to}>{back.label}</ButtonLink>} />;
  }
  if (proof.isError) return <LoadFailed onRetry={() => void proof.refetch()} />;
  if (!proof.data) return <Spinner />;
  const p = proof.data;
  // Paid in person in the booking's own currency (decision 164).
  const money = formatMoney(p.amountCents, p.currency, currentLocale());

  return (
    <div className="mx-auto max-w-2xl px-4 pb-16 pt-6">
      <ButtonLink to={p.viewer === 'guide' ? '/guide-dashboard' : back.to} variant="ghost" size="sm" className="-ml-2">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {p.viewer === 'guide' ? t('back.guide') : back.label}
      </ButtonLink>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        {p.status !== 'none' && <ProofStatusPill status={p.status} />}
      </div>
      <p className="mt-1 text-sm tabular-nums text-stone-500 dark:text-stone-400">
        {t('booking', { number: p.bookingNumber })}
      </p>

      <section className="mt-5 rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft dark:border-stone-800 dark:bg-stone-900">
        <p className="flex items-start gap-2 text-stone-700 dark:text-stone-300">
          <Wallet className="mt-0.5 h-5 w-5 shrink-0 text-primary-600" aria-hidden />
          <span>
            {p.amountCents > 0
              ? t(p.viewer === 'guide' ? 'intro.guide' : 'intro.traveler', { amount: money })
              : t('intro.nothingDue')}
          </span>
        </p>

        <div className="mt-5 space-y-5">
          {p.proof ? (
            <ProofView proof={p.proof} />
          ) : (
            <p className="text-sm text-stone-600 dark:text-stone-400">
              {t(p.viewer === 'guide' ? 'none.guide' : 'none.traveler')}
            </p>
          )}
          {p.status === 'verified' && (
            <p className="text-sm font-medium text-green-800 dark:text-green-200">
              {t(p.viewer === 'guide' ? 'done.guide' : 'done.traveler')}
            </p>
          )}
          {p.status === 'uploaded' && p.viewer === 'traveler' && (
            <p className="text-sm text-amber-800 dark:text-amber-200">{t('waiting')}</p>
          )}
          {p.canVerify && <VerifyProofButton bookingId={p.bookingId} />}
          {p.canUpload && <ProofUploadForm bookingId={p.bookingId} replacing={p.status === 'uploaded'} />}
          {p.viewer === 'traveler' && !p.canUpload && p.status === 'none' && p.amountCents > 0 && (
            <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800">{t('errors.notYet')}</p>
          )}
        </div>
      </section>
    </div>
  );
}
