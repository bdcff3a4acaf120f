import { useQuery } from '@tanstack/react-query';
import { Download, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { inHelpWindow } from '../../shared/booking/help-window';
import { LOCALES, type Locale } from '../../shared/locales';

/** Each language's button names it in itself. */
const PDF_LANGUAGE_KEYS = { en: 'english', 'zh-CN': 'chinese', ja: 'japanese' } as const satisfies Record<
  Locale,
  string
>;
import { buttonClass, ButtonLink } from '../components/ui/button';
import { OfflineBanner } from '../components/ui/offline-banner';
import { LoadFailed, PageMessage } from '../components/ui/page-message';
import { Spinner } from '../components/ui/spinner';
import { useBooking } from '../features/bookings';
import { HelpNow } from '../features/support';
import { formatCalendarDate } from '../lib/format';
import { apiRequest, ApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { currentLocale } from '../lib/i18n';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

interface PdfLink {
  url: string;
  downloadUrl: string;
  expiresAt: string;
}

/** Signed links live 5 minutes on the server; ask for a fresh one well before. */
const LINK_REFRESH_MS = 4 * 60_000;

/**
 * /pdf-preview/{id}: the booking confirmation PDF in the page, in English or Chinese, with a download.
 * An iframe cannot send the bearer token, so the page asks for a short-lived signed link
 * (GET /api/v2/bookings/{id}/pdf-link) and shows that same-origin URL (decision 065). On the trip's day
 * it also has "Help now" (decision 132): the service worker keeps this page and its booking (decision
 * 095), so a traveler who opens it with no connection can still dial 110, 119 or the hotline.
 */
export function Component() {
  const { t } = useTranslation(['pdf', 'common']);
  const locale = currentLocale();
  const session = useSession();
  const location = useLocation();
  const { id } = useParams();
  const bookingId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : undefined;
  const [params, setParams] = useSearchParams();
  const lang: Locale = LOCALES.find((l) => l === params.get('lang')) ?? locale;
  const booking = useBooking(bookingId, { enabled: !!session });
  const link = useQuery({
    queryKey: ['booking-pdf-link', bookingId, lang],
    queryFn: () => apiRequest<PdfLink>(`/api/v2/bookings/${bookingId}/pdf-link`, { query: { lang } }),
    enabled: !!session && !!booking.data,
    staleTime: LINK_REFRESH_MS,
    gcTime: LINK_REFRESH_MS,
    refetchInterval: LINK_REFRESH_MS,
  });
  // The iframe's own loading: the URL that has finished loading (a new language or link loads afresh).
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  // The moment the page opened, as the trips page reads it: the help window is decided once per visit.
  const [now] = useState(() => new Date());
  // Most phone browsers (and headless ones) have no PDF viewer: an iframe there downloads the file
  // or stays blank, and its load event may never come. They get the two buttons instead.
  const inlineViewer = typeof navigator === 'undefined' || navigator.pdfViewerEnabled !== false;
  useDocumentTitle(booking.data ? t('title', { number: booking.data.bookingNumber }) : t('heading'));

  if (!session) return <Navigate to={withRedirect('/login', location.pathname + location.search)} replace />;
  const notFound = bookingId === undefined || (booking.error instanceof ApiError && booking.error.status === 404);
  if (notFound)
    return <PageMessage title={t('notFound')} action={<ButtonLink to="/dashboard">{t('toTrips')}</ButtonLink>} />;
  // Offline with nothing kept for this booking (decision 102): it needs the network, rather than "something went
  // wrong".
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (booking.isError)
    return <LoadFailed title={offline ? t('needsNetwork') : undefined} onRetry={() => void booking.refetch()} />;
  if (!booking.data) return <Spinner />;
  const b = booking.data;
  const url = link.data?.url;
  const frameLoading = !!url && loadedUrl !== url;
  const help = inHelpWindow(b, now);

  const setLang = (next: Locale) => {
    const copy = new URLSearchParams(params);
    copy.set('lang', next);
    setParams(copy, { replace: true });
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col px-4 pb-12 pt-6 sm:pt-8">
      <OfflineBanner />
      {/* With "Help now" under the subtitle, the language switch stays level with the title, not with the button. */}
      <div
        className={cn('flex flex-col gap-4 sm:flex-row sm:justify-between', help ? 'sm:items-start' : 'sm:items-end')}
      >
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">{t('title', { number: b.bookingNumber })}</h1>
          <p className="mt-1 truncate text-sm text-stone-600 dark:text-stone-400">
            {t('subtitle', { guide: b.guide.fullName, date: formatCalendarDate(b.date, locale, { weekday: 'short' }) })}
          </p>
          {help && (
            <div className="mt-3">
              <HelpNow booking={b} side={b.guide.userId === session.user.id ? 'guide' : 'traveler'} />
            </div>
          )}
        </div>
        <div
          role="group"
          aria-label={t('language')}
          className="inline-flex shrink-0 self-start rounded-lg border border-stone-300 bg-white p-1 sm:self-auto dark:border-stone-700 dark:bg-stone-900"
        >
          {LOCALES.map((l) => (
            <button
              key={l}
              type="button"
              lang={l}
              aria-pressed={lang === l}
              onClick={() => setLang(l)}
              className={cn(
                'min-h-9 rounded-md px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
                lang === l
                  ? 'bg-primary-600 text-white dark:bg-primary-500'
                  : 'text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800',
              )}
            >
              {t(PDF_LANGUAGE_KEYS[l])}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={link.data?.downloadUrl}
          download={`Tabi-Guides-${b.bookingNumber}.pdf`}
          aria-disabled={!link.data || undefined}
          className={buttonClass('primary', 'md', cn(!link.data && 'pointer-events-none opacity-55'))}
        >
          <Download className="h-4 w-4" aria-hidden />
          {t('download')}
        </a>
        <a
          href={url}
          target="_blank"
          rel="noopener"
          aria-disabled={!url || undefined}
          className={buttonClass('outline', 'md', cn(!url && 'pointer-events-none opacity-55'))}
        >
          <ExternalLink className="h-4 w-4" aria-hidden />
          {t('open')}
        </a>
      </div>
      {inlineViewer && <p className="mt-2 text-xs text-stone-500 sm:hidden dark:text-stone-400">{t('phoneHint')}</p>}

      <div className="relative mt-4 overflow-hidden rounded-[var(--radius-card)] border border-stone-200 bg-stone-100 shadow-soft dark:border-stone-800 dark:bg-stone-800">
        {link.isError ? (
          <LoadFailed title={offline ? t('needsNetwork') : t('failed')} onRetry={() => void link.refetch()} />
        ) : !inlineViewer ? (
          <p className="px-6 py-12 text-center text-sm text-stone-700 dark:text-stone-200">{t('noViewer')}</p>
        ) : (
          <>
            {url && (
              <iframe
                key={url}
                src={url}
                title={t('frameTitle', { number: b.bookingNumber })}
                onLoad={() => setLoadedUrl(url)}
                className="block h-[70vh] min-h-[28rem] w-full bg-white sm:h-[80vh]"
              />
            )}
            {(!url || frameLoading) && (
              <div
                role="status"
                className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-stone-100/90 text-sm text-stone-600 dark:bg-stone-800/90 dark:text-stone-300"
              >
                <span
                  className="h-8 w-8 animate-spin rounded-full border-4 border-primary-600 border-t-transparent motion-reduce:animate-none"
                  aria-hidden
                />
                {t('preparing')}
              </div>
            )}
            {!url && <div className="h-[70vh] min-h-[28rem] sm:h-[80vh]" />}
          </>
        )}
      </div>
    </div>
  );
}
