import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { openSupport } from '../../features/support';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** "Still need help?": opens the support chat with the general-support prefill. */
export function HelpCta({ className }: { className?: string }) {
  const { t } = useTranslation('help');
  return (
    <section
      aria-labelledby="help-cta-title"
      className={cn(
        'rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft dark:border-stone-800 dark:bg-stone-900',
        className,
      )}
    >
      <h2 id="help-cta-title" className="text-base font-semibold text-stone-900 dark:text-white">
        {t('cta.title')}
      </h2>
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{t('cta.body')}</p>
      <Button className="mt-4 w-full" onClick={() => void openSupport('general')}>
        <MessageCircle className="h-4 w-4" aria-hidden />
        {t('cta.button')}
      </Button>
    </section>
  );
}
