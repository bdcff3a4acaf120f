import { Download, FileText, ImageOff, Paperclip, UserRound, IdCard } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentityDocumentKind, IdentityFile, IdentityFileKind } from '../../../../shared/schemas/identity';
import { cn } from '../../../lib/cn';
import { showToast } from '../../../lib/toast';
import { usePrivateFileUrl, useUploadIdentityFile } from '../api';
import { ACCEPT, checkIdentityFile, identityErrorKey } from '../lib';

/** The stored file's thumbnail: fetched with the bearer token into a blob: URL (the file is private). */
export function FilePreview({ kind, file }: { kind: IdentityFileKind; file: IdentityFile | null }) {
  const { t } = useTranslation('identity');
  const { src, failed, loading } = usePrivateFileUrl(file?.fileUrl);
  const Empty = kind === 'selfie' ? UserRound : IdCard;
  const box =
    'flex h-44 w-full items-center justify-center overflow-hidden rounded-lg border border-stone-200 bg-stone-50 dark:border-stone-700 dark:bg-stone-800/60';
  if (!file) {
    return (
      <div className={cn(box, 'border-dashed text-stone-400 dark:text-stone-500')}>
        <Empty className="h-12 w-12" aria-hidden />
      </div>
    );
  }
  if (failed) {
    return (
      <div
        className={cn(box, 'flex-col gap-2 px-4 text-center text-sm text-stone-600 dark:text-stone-400')}
        role="status"
      >
        <ImageOff className="h-8 w-8" aria-hidden />
        {t('files.previewFailed')}
      </div>
    );
  }
  if (file.contentType === 'application/pdf') {
    return (
      <div className={cn(box, 'flex-col gap-2 px-4 text-center')}>
        <FileText className="h-10 w-10 text-primary-600" aria-hidden />
        <span className="text-sm font-medium">{t('files.pdf')}</span>
        {src && (
          <a
            href={src}
            download={`identity-${kind}.pdf`}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
          >
            <Download className="h-4 w-4" aria-hidden />
            {t('files.download')}
          </a>
        )}
      </div>
    );
  }
  return (
    <div className={box} aria-busy={loading}>
      {src ? (
        <img
          src={src}
          alt={t(`files.${kind}.alt`)}
          data-testid={`identity-preview-${kind}`}
          className="h-full w-full object-contain"
        />
      ) : (
        <span
          className="h-8 w-8 animate-spin rounded-full border-2 border-stone-300 border-t-primary-600"
          aria-hidden
        />
      )}
    </div>
  );
}

/**
 * One of the two files: its preview, and (while editable) a chooser that uploads at once and
 * replaces the stored file. Type and size are checked here first and again by the server. `locked`:
 * the chooser is disabled until the sensitive-data consent is given (decision 131).
 */
export function FileSlot({
  kind,
  file,
  editable,
  locked = false,
  documentKind,
}: {
  kind: IdentityFileKind;
  file: IdentityFile | null;
  editable: boolean;
  locked?: boolean;
  documentKind?: IdentityDocumentKind;
}) {
  const { t } = useTranslation('identity');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadIdentityFile();

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    if (!chosen) return;
    const problem = checkIdentityFile(kind, chosen);
    if (problem) {
      setError(t(problem));
      if (input.current) input.current.value = '';
      return;
    }
    setError(null);
    upload.mutate(
      { kind, file: chosen, documentKind },
      {
        onSuccess: () => showToast({ title: t('files.uploadedToast'), variant: 'success' }),
        onError: (err) => setError(t(identityErrorKey(err, kind))),
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid={`identity-slot-${kind}`}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">{t(`files.${kind}.label`)}</h3>
        <span
          id={statusId}
          className={cn(
            'text-xs font-medium',
            file ? 'text-green-700 dark:text-green-300' : 'text-stone-500 dark:text-stone-400',
          )}
        >
          {file ? t('files.uploaded') : t('files.missing')}
        </span>
      </div>
      <FilePreview kind={kind} file={file} />
      {editable && (
        <>
          <p id={hintId} className="text-xs text-stone-600 dark:text-stone-400">
            {t(`files.${kind}.hint`)}
          </p>
          {/*
           * The native control stays for keyboards and screen readers; its button is drawn here so it reads in the
           * page's language.
           */}
          <div>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPT[kind]}
              onChange={onChange}
              disabled={locked || upload.isPending}
              aria-label={`${t(`files.${kind}.label`)}: ${file ? t('files.replace') : t('files.choose')}`}
              aria-describedby={[hintId, statusId, error ? errorId : null].filter(Boolean).join(' ')}
              aria-invalid={error ? true : undefined}
              data-testid={`identity-input-${kind}`}
              className="peer sr-only"
            />
            <label
              htmlFor={inputId}
              aria-hidden
              className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-primary-50 px-4 py-2 text-sm font-semibold text-primary-800 hover:bg-primary-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 dark:bg-primary-900/40 dark:text-primary-100"
            >
              <Paperclip className="h-4 w-4" aria-hidden />
              {upload.isPending ? t('files.uploading') : file ? t('files.replace') : t('files.choose')}
            </label>
          </div>
          {error && (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
        </>
      )}
    </div>
  );
}
