import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LICENCE_TITLES, type LicenceKind } from '../../../../shared/licences';
import { cn } from '../../../lib/cn';

/** The "Licensed Guide Interpreter" badge of a verified licence, on the guide card and the profile. */
export function LicenceBadge({
  licence,
  className,
}: {
  licence: { kind: LicenceKind; region: string | null } | null;
  className?: string;
}) {
  const { t } = useTranslation('licences');
  if (!licence) return null;
  const label =
    licence.kind === 'national' ? t('badge.national') : t('badge.regional', { region: licence.region ?? '' });
  return (
    <span
      data-testid="licence-badge"
      title={t('badge.title', { title: LICENCE_TITLES[licence.kind] })}
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
        className,
      )}
    >
      <BadgeCheck className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {label}
    </span>
  );
}
