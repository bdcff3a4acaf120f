import { Archive, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isExpired } from '../../../../shared/schemas/notifications';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useSystemMessageActions, useSystemMessages } from '../api/system-messages';
import { formatWhen } from '../lib/format';
import { notificationHref } from '../lib/notification-link';

/** All system messages: read, archive, delete; expired ones dimmed with 'expired' (docs/rules/messaging.md). */
export function SystemMessageList() {
  const { t } = useTranslation('messaging');
  const list = useSystemMessages(true);
  const { markRead, markAll, archive, remove } = useSystemMessageActions();
  if (list.isPending) return <p className="p-4 text-sm text-stone-500">{t('thread.loading')}</p>;
  if (list.isError)
    return (
      <div className="p-4 text-sm">
        <p className="text-danger-600">{t('errors.fetchSystem')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  const messages = list.data.messages;
  return (
    <div className="p-3">
      <div className="mb-2 flex justify-end">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => markAll.mutate()}
          disabled={list.data.unreadCount === 0}
          busy={markAll.isPending}
        >
          {t('drawer.markAllRead')}
        </Button>
      </div>
      {messages.length === 0 ? (
        <p className="py-8 text-center text-sm text-stone-600 dark:text-stone-300">{t('drawer.empty')}</p>
      ) : (
        <ul className="space-y-2">
          {messages.map((m) => (
            <li
              key={m.id}
              className={cn(
                'rounded-lg border border-stone-200 p-3 dark:border-stone-800',
                isExpired(m) && 'opacity-55',
                m.status === 'unread' && 'border-primary-300 bg-primary-50/40 dark:bg-primary-950/30',
              )}
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    {m.title}
                    {isExpired(m) && (
                      <span className="rounded bg-stone-200 px-1.5 text-xs dark:bg-stone-700">{t('expired')}</span>
                    )}
                  </p>
                  <p className="text-sm text-stone-600 dark:text-stone-300">{m.message}</p>
                  <p className="text-xs text-stone-500">{formatWhen(m.createdAt)}</p>
                  {m.actionUrl && m.actionUrl.startsWith('/') && (
                    <Link
                      to={notificationHref(m)!}
                      onClick={() => m.status === 'unread' && markRead.mutate(m.id)}
                      className="mt-1 inline-block text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
                    >
                      {m.actionLabel ?? t('open')}
                    </Link>
                  )}
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('archive')}
                    title={t('archive')}
                    onClick={() => archive.mutate(m.id)}
                  >
                    <Archive className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('delete')}
                    title={t('delete')}
                    onClick={() => remove.mutate(m.id)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
