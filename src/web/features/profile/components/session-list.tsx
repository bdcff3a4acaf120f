import { Laptop, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '../../../../shared/schemas/sessions';
import { describeDevice, isPhoneBrowser } from '../../../../shared/user-agent';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { formatInstant } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useAccountSessions, useEndSession } from '../api/sessions';

/** The profile's pointer to the sessions page (decision 185). */
export function SessionsPanel() {
  const { t } = useTranslation('profile');
  return (
    <Panel id="sessions" title={t('sessions.panelTitle')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-600 dark:text-stone-400">{t('sessions.panelHelp')}</p>
        <ButtonLink to="/profile/sessions" variant="outline" className="shrink-0">
          {t('sessions.manage')}
        </ButtonLink>
      </div>
    </Panel>
  );
}

/** "Chrome on macOS", "WeChat on iPhone" — or what is known of it, in the reader's words. */
export function deviceName(
  t: (key: string, opts?: Record<string, string>) => string,
  userAgent: string | null,
): string {
  const { browser, system } = describeDevice(userAgent);
  if (browser && system) return t('sessions.device', { browser, system });
  return browser ?? system ?? t('sessions.unknownDevice');
}

/**
 * The account's sessions (decision 185): each device signed in, when it signed in and was last used,
 * the current one marked; any other can be signed out at once (its live connection too).
 */
export function SessionList() {
  const { t } = useTranslation('profile');
  const locale = currentLocale();
  const list = useAccountSessions(true);
  const end = useEndSession();
  const when = (iso: string) => {
    const { date, time } = formatInstant(iso, locale);
    return `${date} ${time}`;
  };

  if (list.isPending) return <Spinner label={t('sessions.loading')} />;
  if (list.isError) {
    return (
      <div
        role="alert"
        className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-6 text-center dark:border-stone-800 dark:bg-stone-900"
      >
        <p>{t('sessions.loadFailed')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void list.refetch()}>
          {t('common:states.retry')}
        </Button>
      </div>
    );
  }
  const others = list.data.filter((s) => !s.current);
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-stone-200 rounded-[var(--radius-card)] border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900">
        {list.data.map((s: AccountSession) => {
          const Icon = isPhoneBrowser(s.userAgent) ? Smartphone : Laptop;
          const name = deviceName(t, s.userAgent);
          return (
            <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-start gap-3">
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-stone-500" aria-hidden />
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {name}
                    {s.current && (
                      <span className="ml-2 rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-700 dark:bg-primary-900 dark:text-primary-100">
                        {t('sessions.current')}
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-stone-600 dark:text-stone-400">
                    {t('sessions.signedIn', { when: when(s.createdAt) })}
                  </p>
                  {s.lastSeenAt && (
                    <p className="text-sm text-stone-600 dark:text-stone-400">
                      {t('sessions.lastSeen', { when: when(s.lastSeenAt) })}
                    </p>
                  )}
                </div>
              </div>
              {!s.current && (
                <Button
                  variant="outline"
                  className="shrink-0 self-start sm:self-center"
                  aria-label={t('sessions.endNamed', { device: name })}
                  busy={end.isPending && end.variables === s.id}
                  onClick={() =>
                    end.mutate(s.id, {
                      onSuccess: () =>
                        showToast({
                          title: t('sessions.ended'),
                          description: t('sessions.endedBody', { device: name }),
                          variant: 'success',
                        }),
                      onError: () =>
                        showToast({
                          title: t('sessions.endFailed'),
                          description: t('toasts.updateFailedBody'),
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  {t('sessions.end')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length === 0 && <p className="text-sm text-stone-600 dark:text-stone-400">{t('sessions.onlyThis')}</p>}
    </div>
  );
}
