import { ArrowLeft, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { bookingPathFor } from '../../shared/booking/links';
import { ButtonLink } from '../components/ui/button';
import { LoadFailed, PageMessage } from '../components/ui/page-message';
import { Spinner } from '../components/ui/spinner';
import { ReceiptDocument, useReceipts } from '../features/receipts';
import { ApiError } from '../lib/api-client';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /booking/{bookingId}/receipts: the traveler's receipts (deposit, extensions) and credit notes
 * (refunds) of a booking, each with its addressee to change and its PDF in three languages.
 */
export function Component() {
  const { t } = useTranslation('receipts');
  useDocumentTitle(t('title'));
  const session = useSession();
  const location = useLocation();
  const bookingId = Number(useParams().bookingId);
  const valid = Number.isInteger(bookingId) && bookingId > 0;
  const receipts = useReceipts(valid ? bookingId : undefined, { enabled: !!session });

  if (!session) return <Navigate to={withRedirect('/login', location.pathname)} replace />;
  const back = valid ? bookingPathFor('traveler', bookingId) : '/dashboard';
  if (!valid || (receipts.error instanceof ApiError && receipts.error.status === 404)) {
    return <PageMessage title={t('notFound')} action={<ButtonLink to={back}>{t('back')}</ButtonLink>} />;
  }
  if (receipts.isError) return <LoadFailed onRetry={() => void receipts.refetch()} />;
  if (!receipts.data) return <Spinner />;
  const list = receipts.data.receipts;

  return (
    <div className="mx-auto max-w-2xl px-4 pb-16 pt-6">
      <ButtonLink to={back} variant="ghost" size="sm" className="-ml-2">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t('back')}
      </ButtonLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
      {list[0] && (
        <p className="mt-1 text-sm tabular-nums text-stone-500 dark:text-stone-400">
          {t('booking', { number: list[0].bookingNumber })}
        </p>
      )}
      <p className="mt-3 flex items-start gap-2 rounded-lg bg-primary-50 px-3 py-2 text-sm text-stone-700 dark:bg-stone-800 dark:text-stone-300">
        <Info className="mt-0.5 h-4 w-4 shrink-0 text-primary-600" aria-hidden />
        <span>
          {t('intro')}{' '}
          <Link
            to="/help/paying-and-transport#receipts"
            className="font-medium text-primary-700 underline dark:text-primary-300"
          >
            {t('learnMore')}
          </Link>
        </span>
      </p>
      <div className="mt-5 space-y-5">
        {list.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-400">{t('none')}</p>
        ) : (
          list.map((r) => <ReceiptDocument key={r.id} receipt={r} />)
        )}
      </div>
    </div>
  );
}
