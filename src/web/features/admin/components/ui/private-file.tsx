import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePrivateFileUrl } from '../../../identity';

/**
 * A private file (bearer token only) shown inline: images as pictures, PDFs in a sandboxed frame plus a download link.
 */
export function PrivateFile({ url, contentType, name }: { url: string; contentType: string; name: string }) {
  const { t } = useTranslation('admin');
  const file = usePrivateFileUrl(url);
  if (file.loading)
    return (
      <div className="h-40 animate-pulse rounded-lg bg-stone-100 dark:bg-stone-800" aria-label={t('loadingFile')} />
    );
  if (file.failed || !file.src)
    return <p className="text-sm text-danger-600 dark:text-red-400">{t('fileFailed', { name })}</p>;
  const isPdf = contentType === 'application/pdf';
  return (
    <figure className="space-y-1.5">
      {isPdf ? (
        <iframe
          src={file.src}
          sandbox=""
          title={name}
          className="h-96 w-full rounded-lg border border-stone-200 dark:border-stone-700"
        />
      ) : (
        <img
          src={file.src}
          alt={name}
          width={480}
          height={320}
          className="h-auto max-h-96 w-full max-w-md rounded-lg border border-stone-200 bg-stone-50 object-contain [image-rendering:auto] dark:border-stone-700 dark:bg-stone-800"
        />
      )}
      <figcaption className="flex flex-wrap items-center gap-2 text-xs text-stone-600 dark:text-stone-400">
        <span className="break-all">{name}</span>
        <a
          href={file.src}
          download={name}
          className="inline-flex items-center gap-1 font-medium text-primary-700 hover:underline dark:text-primary-300"
        >
          <Download className="h-3.5 w-3.5" aria-hidden />
          {t('download')}
        </a>
      </figcaption>
    </figure>
  );
}
