import { Suspense, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LEGAL_PATHS, type LegalKind } from '../../../../shared/legal/documents';
import { PartBoundary } from '../../../components/ui/part-boundary';
import { Sheet } from '../../../components/ui/sheet';
import { Spinner } from '../../../components/ui/spinner';
import { lazyPart } from '../../../lib/hydration';
import { HELP_ARTICLES } from '../articles';

const LegalDocBody = lazyPart(() => import('./legal-doc-body'));

/**
 * A link to a legal document beside a consent box: a tap opens the document in a sheet over the form (a
 * bottom sheet on a phone), so the reader never leaves what they were filling in. The link is the document's
 * own page, in a new tab, for a middle click or a modified click, and for a phone's long press.
 */
type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel' | 'onClick'> & {
  kind: LegalKind;
  'data-testid'?: string;
};

export function LegalDocLink({ kind, children, ...rest }: Props) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const meta = HELP_ARTICLES.find((a) => 'legal' in a && a.legal === kind)!;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <a {...rest} href={LEGAL_PATHS[kind]} target="_blank" rel="noopener" onClick={onClick} aria-haspopup="dialog">
        {children}
      </a>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        title={t(meta.nameKey)}
        closeLabel={t('legalDoc.close')}
        className="sm:max-w-2xl"
        above
      >
        {open && (
          <PartBoundary fallback={<LegalDocFailed kind={kind} />}>
            <Suspense fallback={<Spinner />}>
              <LegalDocBody kind={kind} />
            </Suspense>
          </PartBoundary>
        )}
      </Sheet>
    </>
  );
}

/** Offline with the document's words never fetched: the page itself, for when the connection is back. */
function LegalDocFailed({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation('common');
  return (
    <p role="alert" className="text-sm text-stone-700 dark:text-stone-300">
      {t('legalDoc.failed')}{' '}
      <a
        href={LEGAL_PATHS[kind]}
        target="_blank"
        rel="noopener"
        className="font-medium text-primary-700 underline dark:text-primary-300"
      >
        {t('legalDoc.newTab')}
      </a>
    </p>
  );
}
