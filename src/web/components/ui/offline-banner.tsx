import { useQueryClient } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { currentLocale } from '../../lib/i18n';
import { dateTimeFormat } from '../../lib/intl';
import { useOfflineState } from '../../lib/offline';

/**
 * The trip pages' "offline, last updated …" line (decision 095): shown when the browser has no
 * connection or the page's data came from the service worker's copy, with when that copy was fetched
 * (in the reader's own clock: it is about their phone, not the tour).
 */
export function OfflineBanner({ edgeToEdge = false }: { edgeToEdge?: boolean }) {
  const { t } = useTranslation();
  const { offline, savedAt } = useOfflineState();
  const queryClient = useQueryClient();
  // Back online: the page's data is asked for again, and fresh answers take the line away.
  useEffect(() => {
    const back = () => void queryClient.invalidateQueries();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [queryClient]);
  if (!offline) return null;
  const locale = currentLocale();
  const tag = locale === 'en' ? 'en-US' : locale;
  const text = savedAt
    ? t('offline.updated', {
        date: dateTimeFormat(tag, { month: locale === 'en' ? 'short' : 'long', day: 'numeric' }).format(savedAt),
        time: dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(savedAt),
      })
    : t('offline.noCopy');
  return (
    <p
      role="status"
      data-testid="offline-banner"
      className={cn(
        'flex items-start gap-2 bg-amber-50',
        // The messages page fills the phone's screen edge to edge: the line does too, above the list.
        edgeToEdge ? 'shrink-0 sm:mb-3 sm:rounded-lg' : 'mb-4 rounded-lg',
        'px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-inset ring-amber-600/30 dark:bg-amber-900/30 dark:text-amber-100',
      )}
    >
      <CloudOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{text}</span>
    </p>
  );
}
