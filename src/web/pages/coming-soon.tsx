import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../app/routes';
import { ButtonLink } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

/** A route whose feature has not landed yet: its title and an honest line, in both languages. */
export function Component() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = (matches.at(-1)?.handle as RouteHandle | undefined)?.titleKey;
  const title = titleKey ? t(titleKey) : t('brand.name');
  useDocumentTitle(title);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary-50 text-primary-600 dark:bg-primary-900/40 dark:text-primary-300">
        <Hammer className="h-7 w-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-3 text-stone-600 dark:text-stone-400">{t('comingSoon')}</p>
      <ButtonLink to="/" variant="outline" className="mt-8">
        {t('notFound.home')}
      </ButtonLink>
    </section>
  );
}
