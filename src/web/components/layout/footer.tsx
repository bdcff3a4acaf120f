import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ToriiMark } from './logo';
import { FOOTER_COLUMNS } from './nav-links';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="max-w-xs">
          <div className="flex items-center gap-2">
            <ToriiMark className="h-7 w-7" />
            <span className="font-semibold">{t('brand.name')}</span>
          </div>
          <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">{t('footer.about')}</p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4 md:contents">
          {FOOTER_COLUMNS.map((col) => (
            <nav key={col.key} aria-label={t(col.key)}>
              <h2 className="text-sm font-semibold text-stone-900 dark:text-stone-100">{t(col.key)}</h2>
              <ul className="mt-3 space-y-2">
                {col.links.map((l) => (
                  <li key={l.to}>
                    <Link
                      to={l.to}
                      className="text-sm text-stone-600 hover:text-primary-700 dark:text-stone-400 dark:hover:text-primary-300"
                    >
                      {t(l.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-stone-200 dark:border-stone-800">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-stone-500 dark:text-stone-400">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
