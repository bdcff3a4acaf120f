import type { NotificationKind } from '../../../../shared/schemas/notifications';
import { i18next } from '../../../lib/i18n';
import { queryClientRef } from './query-client-ref';

/**
 * docs/rules/messaging.md browser notifications: permission asked when undecided; a single one closes after 10 s,
 * a bulk one after 8 s with the Chinese title and the unread count; a click opens the action URL
 * (an internal path in this tab, anything else in a new tab) or /messages for bulk. Failures are
 * only logged (docs/rules/look-and-language.md). Only kinds the user keeps on for "browser" are shown.
 */
export function notifyInBrowser(
  kind: NotificationKind | 'admin',
  opts: { title?: string; body?: string; url?: string | null; bulk?: number },
) {
  try {
    if (typeof Notification === 'undefined') return;
    const settings = queryClientRef.current?.getQueryData<{ kinds: Record<string, { browser: boolean }> }>([
      'notification-settings',
    ]);
    const k = kind === 'admin' ? 'system' : kind;
    if (settings && settings.kinds[k]?.browser === false) return;
    const show = () => {
      const bulk = opts.bulk !== undefined;
      const n = new Notification(bulk ? '您有新的系统消息' : (opts.title ?? i18next.t('messaging:notify.newMessage')), {
        body: bulk ? `您有 ${opts.bulk} 条未读消息` : opts.body,
        tag: bulk ? 'tabi-bulk' : undefined,
      });
      const url = bulk ? '/messages' : (opts.url ?? '/messages');
      n.onclick = () => {
        window.focus();
        if (url.startsWith('/')) window.location.assign(url);
        else window.open(url, '_blank', 'noopener');
        n.close();
      };
      window.setTimeout(() => n.close(), bulk ? 8000 : 10_000);
    };
    if (Notification.permission === 'granted') show();
    else if (Notification.permission === 'default')
      void Notification.requestPermission().then((p) => p === 'granted' && show());
  } catch (err) {
    console.warn('browser notification failed', err);
  }
}
