import { useTranslation } from 'react-i18next';
import { passwordScore, passwordStrength } from '../../../shared/rules/password-strength';
import { cn } from '../../lib/cn';

const BAND_COLOR = { weak: 'bg-danger-600', medium: 'bg-warning-500', strong: 'bg-success-600' } as const;

/** docs/rules/accounts-and-sessions.md strength meter: five points, bands Weak (0–2), Medium (3), Strong (4–5). */
export function StrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const score = passwordScore(password);
  const band = passwordStrength(password);
  return (
    <div id={id} className="space-y-1">
      <div className="flex gap-1" aria-hidden>
        {[0, 1, 2, 3, 4].map((i) => (
          <span
            key={i}
            className={cn('h-1.5 flex-1 rounded-full', i < score ? BAND_COLOR[band] : 'bg-stone-200 dark:bg-stone-700')}
          />
        ))}
      </div>
      <p className="text-xs text-stone-600 dark:text-stone-400" aria-live="polite">
        {password
          ? t('password.strength.label', { band: t(`password.strength.${band}`) })
          : t('password.strength.tips')}
      </p>
    </div>
  );
}
