import { useTranslation } from 'react-i18next';

/** Each application and how many steps it takes. */
const APPS = [
  ['google', 4],
  ['apple', 4],
  ['outlook', 3],
] as const;

/**
 * Where Google, Apple and Outlook show a calendar's secret iCal address, step by step in her
 * language (decision 200): one disclosure per application, each an ordered list.
 */
export function CalendarHelp() {
  const { t } = useTranslation('guideBusiness');
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-stone-800 dark:text-stone-200">{t('otherCalendars.help.title')}</p>
      {APPS.map(([app, count]) => {
        const steps = Array.from({ length: count }, (_, i) => t(`otherCalendars.help.${app}.steps.${i + 1}`));
        return (
          <details
            key={app}
            className="rounded-lg border border-stone-200 px-3 py-2 text-sm dark:border-stone-700 [&[open]>summary]:mb-2"
          >
            <summary className="cursor-pointer font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40">
              {t(`otherCalendars.help.${app}.name`)}
            </summary>
            <ol className="list-decimal space-y-1 ps-5 text-stone-700 dark:text-stone-300">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        );
      })}
      <p className="text-xs text-stone-600 dark:text-stone-400">{t('otherCalendars.help.privacy')}</p>
    </div>
  );
}
