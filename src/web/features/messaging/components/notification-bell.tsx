import { Bell } from 'lucide-react';
import { Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeText } from '../../../../shared/realtime';
import { useLiveSession } from '../../../lib/session';
import { useUnread } from '../api/unread';
import { useRealtime } from '../realtime/use-realtime';
import { lazyPart } from '../../../lib/hydration';

const NotificationDrawer = lazyPart(() => import('./notification-drawer'));

const iconClass =
  'relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-200/70 dark:text-stone-200 dark:hover:bg-stone-800';

/**
 * Bell: the total unread count (chat + system, '99+' above 99) and the drawer. While signed
 * in it also runs unread polling (decision 051) and the real-time socket of this browser.
 */
export default function NotificationBell() {
  const { t } = useTranslation();
  // The live session: polling and the socket stop as soon as logging out begins.
  const session = useLiveSession();
  const userId = session?.user.id;
  useRealtime(session?.token, userId);
  const unread = useUnread(userId);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const button = useRef<HTMLButtonElement>(null);
  const count = userId ? (unread.data?.totalUnreadCount ?? 0) : 0;
  const badge = badgeText(count);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={iconClass}
        aria-label={badge ? t('nav.notificationsCount', { count }) : t('nav.notifications')}
        title={t('nav.notifications')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notification-bell"
        onClick={() => setOpen((o) => !o)}
      >
        <Bell className="h-5 w-5" aria-hidden />
        {badge && (
          <span
            data-testid="unread-badge"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-accent-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
          >
            {badge}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationDrawer signedIn={!!userId} onClose={close} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
