import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLocale, setLocale } from '../../lib/i18n';
import { Button } from '../ui/button';

/** Switches between the two languages; the label is written in the language it switches to. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const next = currentLocale() === 'zh-CN' ? 'en' : 'zh-CN';
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      lang={next}
      aria-label={t('language.switchToLabel')}
      onClick={() => void setLocale(next)}
    >
      <Languages className="h-4 w-4" aria-hidden />
      {t('language.switchTo')}
    </Button>
  );
}
