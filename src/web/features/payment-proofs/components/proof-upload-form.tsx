import { FileText, Paperclip, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROOF_ACCEPT } from '../../../../shared/schemas/payment-proofs';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../lib/toast';
import { useUploadPaymentProof } from '../api/payment-proof';
import { checkProofFile, proofErrorKey } from '../lib';

/**
 * The traveler's upload: choose a photo or PDF, see a preview, send it ('Uploading...' while busy).
 * Type and size are checked here first (JPEG, PNG, GIF, WEBP or PDF, 10MB) and again by the server.
 */
export function ProofUploadForm({ bookingId, replacing }: { bookingId: number; replacing: boolean }) {
  const { t } = useTranslation('proofs');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState<{ file: File; preview: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadPaymentProof();
  const file = selected?.file ?? null;
  const preview = selected?.preview ?? null;

  // The preview's object URL is released when another file is chosen or the form goes away.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (chosen: File | null) =>
    setSelected(
      chosen
        ? {
            file: chosen,
            preview:
              chosen.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
                ? URL.createObjectURL(chosen)
                : null,
          }
        : null,
    );

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    const problem = chosen ? checkProofFile(chosen) : undefined;
    setError(problem ? t(`errors.${problem}`) : null);
    choose(problem ? null : chosen);
    if (problem && input.current) input.current.value = '';
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setError(t('errors.choose'));
      input.current?.focus();
      return;
    }
    upload.mutate(
      { bookingId, file },
      {
        onSuccess: () => {
          showToast({ title: t('uploadedToast'), variant: 'success' });
          choose(null);
          setError(null);
          if (input.current) input.current.value = '';
        },
        onError: (err) => setError(t(proofErrorKey(err))),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={upload.isPending}>
      <div>
        <label htmlFor={inputId} className="block text-sm font-semibold">
          {replacing ? t('form.replaceLabel') : t('form.label')}
        </label>
        <p id={hintId} className="mt-0.5 text-sm text-stone-600 dark:text-stone-400">
          {t('form.hint')}
        </p>
        {/*
         * The native control stays for keyboards and screen readers; its button is drawn here so it reads in the
         * page's language.
         */}
        <div className="mt-2 flex min-w-0 flex-wrap items-center gap-3">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={PROOF_ACCEPT}
            onChange={onChange}
            disabled={upload.isPending}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            aria-hidden
            className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-primary-50 px-4 py-2 text-sm font-semibold text-primary-800 hover:bg-primary-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 dark:bg-primary-900/40 dark:text-primary-100"
          >
            <Paperclip className="h-4 w-4" aria-hidden />
            {t('form.choose')}
          </label>
          <span className="min-w-0 break-all text-sm text-stone-600 dark:text-stone-400">
            {file?.name ?? t('form.noFile')}
          </span>
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>

      {file && (
        <div className="rounded-lg border border-stone-200 bg-stone-50 p-3 dark:border-stone-700 dark:bg-stone-800/60">
          <p className="text-xs font-medium uppercase tracking-wide text-stone-500 dark:text-stone-400">
            {t('form.selected')}
          </p>
          {preview ? (
            <img
              src={preview}
              alt={t('form.previewAlt')}
              className="mt-2 max-h-72 w-auto max-w-full rounded-md object-contain"
            />
          ) : (
            <p className="mt-2 flex items-center gap-2 text-sm">
              <FileText className="h-5 w-5 shrink-0 text-primary-600" aria-hidden />
              <span className="break-all">{file.name}</span>
            </p>
          )}
        </div>
      )}

      <Button type="submit" variant="accent" disabled={upload.isPending}>
        <Upload className="h-4 w-4" aria-hidden />
        {upload.isPending ? t('form.uploading') : replacing ? t('form.replace') : t('form.submit')}
      </Button>
    </form>
  );
}
