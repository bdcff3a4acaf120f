import { Download, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProofFile } from '../../../../shared/schemas/payment-proofs';
import { formatInstant } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';

/** The stored proof: the image itself, or the PDF as a download (never rendered inside the site). */
export function ProofView({ proof }: { proof: ProofFile }) {
  const { t } = useTranslation('proofs');
  const locale = currentLocale();
  const uploaded = formatInstant(proof.uploadedAt, locale);
  const verified = proof.verifiedAt ? formatInstant(proof.verifiedAt, locale) : null;
  return (
    <figure className="rounded-lg border border-stone-200 p-3 dark:border-stone-700">
      {proof.contentType === 'application/pdf' ? (
        <a
          href={proof.fileUrl}
          download
          className="flex items-center gap-2 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
        >
          <FileText className="h-6 w-6 shrink-0" aria-hidden />
          <span className="break-all">{proof.fileName}</span>
          <Download className="h-4 w-4 shrink-0" aria-hidden />
          <span className="sr-only">{t('view.download')}</span>
        </a>
      ) : (
        <a href={proof.fileUrl} target="_blank" rel="noopener noreferrer">
          <img
            src={proof.fileUrl}
            alt={t('view.alt')}
            className="max-h-[28rem] w-auto max-w-full rounded-md object-contain"
          />
        </a>
      )}
      <figcaption className="mt-2 text-xs text-stone-600 dark:text-stone-400">
        {t('view.uploadedAt', { date: uploaded.date, time: uploaded.time })}
        {verified && <> · {t('view.verifiedAt', { date: verified.date, time: verified.time })}</>}
      </figcaption>
    </figure>
  );
}
