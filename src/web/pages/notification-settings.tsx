import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationSettings,
} from '../../shared/schemas/notifications';
import { ButtonLink } from '../components/ui/button';
import { LoadFailed, PageMessage } from '../components/ui/page-message';
import { useNotificationSettings, useSaveNotificationSettings } from '../features/messaging';
import { useDocumentTitle } from '../lib/use-document-title';
import { useSession } from '../lib/session';
import { showToast } from '../lib/toast';

/** /settings/notifications: per kind (chat, booking, payment, reminder, approval, system) — in-app, browser, e-mail. */
export function Component() {
  const { t } = useTranslation('messaging');
  useDocumentTitle(t('settings.title'));
  const session = useSession();
  const settings = useNotificationSettings(!!session);
  const save = useSaveNotificationSettings();
  if (!session) {
    return (
      <PageMessage
        title={t('signedOut.settingsTitle')}
        action={<ButtonLink to="/login?redirect=%2Fsettings%2Fnotifications">{t('drawer.logIn')}</ButtonLink>}
      />
    );
  }
  if (settings.isError) return <LoadFailed onRetry={() => void settings.refetch()} />;
  const toggle = (
    kind: (typeof NOTIFICATION_KINDS)[number],
    channel: (typeof NOTIFICATION_CHANNELS)[number],
    value: boolean,
  ) => {
    if (!settings.data) return;
    const next: NotificationSettings = {
      kinds: { ...settings.data.kinds, [kind]: { ...settings.data.kinds[kind], [channel]: value } },
    };
    if (channel === 'browser' && value && typeof Notification !== 'undefined' && Notification.permission === 'default')
      void Notification.requestPermission();
    save.mutate(next, {
      onSuccess: () => showToast({ title: t('settings.saved'), variant: 'success' }),
      onError: () => showToast({ title: t('settings.saveFailed'), variant: 'destructive' }),
    });
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{t('settings.title')}</h1>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">{t('settings.intro')}</p>
      <div className="mt-6 overflow-x-auto rounded-[var(--radius-card)] border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-stone-200 text-left dark:border-stone-800">
              <th scope="col" className="p-3 font-medium">
                {t('settings.kind')}
              </th>
              {NOTIFICATION_CHANNELS.map((c) => (
                <th key={c} scope="col" className="p-3 text-center font-medium">
                  {t(`settings.channels.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind} className="border-b border-stone-100 last:border-0 dark:border-stone-800">
                <th scope="row" className="p-3 text-left font-normal">
                  <span className="block font-medium">{t(`settings.kinds.${kind}.title`)}</span>
                  <span className="block text-xs text-stone-500 dark:text-stone-400">
                    {t(`settings.kinds.${kind}.hint`)}
                  </span>
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel} className="p-3 text-center">
                    {settings.data ? (
                      <input
                        type="checkbox"
                        className="h-5 w-5 accent-primary-600"
                        aria-label={`${t(`settings.kinds.${kind}.title`)} — ${t(`settings.channels.${channel}`)}`}
                        checked={settings.data.kinds[kind][channel]}
                        disabled={save.isPending}
                        onChange={(e) => toggle(kind, channel, e.target.checked)}
                      />
                    ) : (
                      <span
                        className="inline-block h-5 w-5 animate-pulse rounded bg-stone-200 dark:bg-stone-700"
                        aria-hidden
                      />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
