import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The torii mark: two pillars, two beams, the top beam in vermilion. Drawn, never fetched. */
export function ToriiMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" className="fill-primary-600 dark:fill-primary-500" />
      <path
        d="M6.5 12.2h19M11 10v15.5M21 10v15.5M8.7 15.6h14.6"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <path d="M5 9.2c4.4-1.7 17.6-1.7 22 0" stroke="#d9472b" strokeWidth="3" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function Logo({ to = '/' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className="flex shrink-0 items-center gap-2 rounded-lg"
      aria-label={`${t('brand.name')} — ${t('nav.home')}`}
    >
      <ToriiMark />
      <span className="text-lg font-semibold tracking-tight text-stone-900 dark:text-white">{t('brand.name')}</span>
    </Link>
  );
}
