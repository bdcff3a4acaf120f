import { Settings, X } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isExpired, type SystemMessage } from '../../../../shared/schemas/notifications';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { DRAWER_SHOW } from '../api/keys';
import { useDrawerMessages, useSystemMessageActions } from '../api/system-messages';
import { formatWhen } from '../lib/format';
import { notificationHref } from '../lib/notification-link';
import { withGap } from '../../../lib/cjk-spacing';
import { useBodyScrollLock } from '../../../lib/use-body-scroll-lock';
import { useMediaQuery } from '../../../lib/use-media-query';

/**
 * Notification drawer: 10 fetched, 5 unread shown, mark all read, settings, view all → /messages.
 * Rendered into <body>: inside the header, whose backdrop blur makes it the containing block of fixed
 * descendants, the phone's bottom sheet was placed against the header and rose off the screen.
 */
export default function NotificationDrawer({
  signedIn,
  onClose,
  returnFocusTo,
}: {
  signedIn: boolean;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('messaging');
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const list = useDrawerMessages(signedIn);
  const { markAll, markRead } = useSystemMessageActions();
  const close = () => {
    onClose();
    returnFocusTo.current?.focus();
  };
  // Below sm the drawer is a bottom sheet over the page; above it, a panel beside a page that may scroll.
  useBodyScrollLock(!useMediaQuery('(min-width: 640px)'));
  useEffect(() => {
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      onClose();
      returnFocusTo.current?.focus();
    };
    const onDown = (e: MouseEvent) => {
      if (!panel.current?.contains(e.target as Node) && !returnFocusTo.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [onClose, returnFocusTo]);
  const go = (m: SystemMessage) => {
    if (m.status === 'unread') markRead.mutate(m.id);
    close();
    const href = notificationHref(m);
    if (href?.startsWith('/')) void navigate(href);
    else if (href) window.open(href, '_blank', 'noopener');
  };
  const shown = (list.data?.messages ?? []).filter((m) => m.status === 'unread').slice(0, DRAWER_SHOW);
  return createPortal(
    <div
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-label={t('drawer.title')}
      tabIndex={-1}
      data-testid="notification-drawer"
      className="fixed inset-x-0 bottom-0 z-50 max-h-[80vh] overflow-y-auto rounded-t-[var(--radius-card)] border border-stone-200 bg-white p-4 shadow-xl outline-none sm:inset-x-auto sm:bottom-auto sm:right-4 sm:top-14 sm:w-96 sm:rounded-[var(--radius-card)] dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{t('drawer.title')}</h2>
        <div className="flex items-center gap-1">
          {signedIn && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => markAll.mutate()}
              busy={markAll.isPending}
              disabled={shown.length === 0}
            >
              {t('drawer.markAllRead')}
            </Button>
          )}
          <Link
            to="/settings/notifications"
            onClick={close}
            aria-label={t('drawer.settings')}
            title={t('drawer.settings')}
            className="inline-flex h-9 w-9 items-center justify-center rounded-lg hover:bg-stone-100 dark:hover:bg-stone-800"
          >
            <Settings className="h-4 w-4" aria-hidden />
          </Link>
          <button
            type="button"
            onClick={close}
            aria-label={t('drawer.close')}
            className="inline-flex h-9 w-9 items-center justify-center rounded-lg hover:bg-stone-100 dark:hover:bg-stone-800"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      </div>
      {!signedIn ? (
        <p className="py-6 text-center text-sm text-stone-600 dark:text-stone-300">
          {withGap(t('drawer.signedOut'))}
          <Link to="/login" onClick={close} className="font-medium text-primary-700 underline dark:text-primary-300">
            {t('drawer.logIn')}
          </Link>
        </p>
      ) : list.isPending ? (
        <ul className="space-y-2" aria-hidden>
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-14 animate-pulse rounded-lg bg-stone-100 dark:bg-stone-800" />
          ))}
        </ul>
      ) : list.isError ? (
        <p className="py-6 text-center text-sm text-danger-600">{t('errors.fetchSystem')}</p>
      ) : shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-stone-600 dark:text-stone-300">{t('drawer.empty')}</p>
      ) : (
        <ul className="space-y-1">
          {shown.map((m) => {
            const expired = isExpired(m);
            return (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => go(m)}
                  className={cn(
                    'w-full rounded-lg p-2 text-left hover:bg-stone-100 dark:hover:bg-stone-800',
                    expired && 'opacity-55',
                  )}
                >
                  <span className="flex items-center gap-2 text-sm font-medium">
                    {m.title}
                    {expired && (
                      <span className="rounded bg-stone-200 px-1.5 text-xs text-stone-700 dark:bg-stone-700 dark:text-stone-200">
                        {t('expired')}
                      </span>
                    )}
                  </span>
                  <span className="line-clamp-2 block text-sm text-stone-600 dark:text-stone-300">{m.message}</span>
                  <span className="block text-xs text-stone-500 dark:text-stone-400">{formatWhen(m.createdAt)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-3 border-t border-stone-200 pt-3 text-center dark:border-stone-800">
        <Link
          to="/messages?tab=notifications"
          onClick={close}
          className="text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
        >
          {t('drawer.viewAll')}
        </Link>
      </div>
    </div>,
    document.body,
  );
}
