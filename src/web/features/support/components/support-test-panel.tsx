import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { openSupport, SUPPORT_TOPICS } from '../open-support';
import { useSupportState } from '../support-store';
import { clearStoredThread } from '../thread-storage';

/**
 * The test panel for the support chat tool. It is not routed in production; the
 * development build shows it at /dev/support.
 */
export function SupportTestPanel() {
  const { t } = useTranslation('support');
  const { adapter, fellBack, attachAttempts } = useSupportState();
  const [forgotten, setForgotten] = useState(false);
  return (
    <section
      aria-labelledby="support-test-title"
      className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id="support-test-title" className="text-xl font-semibold">
        {t('testPanel.title')}
      </h2>
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{t('testPanel.intro')}</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">{t('testPanel.active')}</dt>
        <dd data-testid="support-adapter">{adapter ?? t('testPanel.notResolved')}</dd>
        <dt className="font-medium">{t('testPanel.fellBack')}</dt>
        <dd>{fellBack ? t('testPanel.yes') : t('testPanel.no')}</dd>
        <dt className="font-medium">{t('testPanel.attempts')}</dt>
        <dd data-testid="support-attempts">{attachAttempts}</dd>
      </dl>
      <ul className="mt-5 space-y-3">
        {SUPPORT_TOPICS.map((topic) => (
          <li
            key={topic}
            className="flex flex-wrap items-start justify-between gap-3 border-t border-stone-100 pt-3 dark:border-stone-800"
          >
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">
                {t(`topics.${topic}`)} <code className="text-xs text-stone-500">{topic}</code>
              </p>
              <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t(`prefill.${topic}`)}</p>
            </div>
            <Button size="sm" variant="outline" onClick={() => void openSupport(topic)}>
              {t('testPanel.open')}
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void openSupport()}>
          {t('testPanel.openEmpty')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            clearStoredThread();
            setForgotten(true);
          }}
        >
          {t('testPanel.forget')}
        </Button>
      </div>
      {forgotten && <p className="mt-2 text-sm text-success-600">{t('testPanel.forgotten')}</p>}
    </section>
  );
}
