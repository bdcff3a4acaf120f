import { FileText, Paperclip, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { protectedTitleText } from '../../licences';
import type { GuideApplication } from '../../../../shared/schemas/guide-applications';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { apiFile } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { openSupport } from '../../support/index';
import { errorKey, useDeleteDocument, useDescribeDocument, useUploadDocument } from '../api';
import { checkDocument, DOCUMENT_ACCEPT } from '../document-check';

type Doc = GuideApplication['documents'][number];

/**
 * Qualification files (page 1; docs/rules/guides-and-licences.md): upload (checked here first, by the server again by
 * content), 'Uploaded x/5', a description for each (saved when the field is left), remove.
 */
export function DocumentsField({
  documents,
  max,
  showMissing,
}: {
  documents: Doc[];
  max: number;
  showMissing: boolean;
}) {
  const { t } = useTranslation(['guideApplication', 'licences']);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const full = documents.length >= max;

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkDocument(file);
    setStatus(null);
    if (problem) return setError(t(problem));
    setError(null);
    upload.mutate(
      { file },
      {
        onSuccess: () => setStatus(t('documents.uploaded')),
        onError: (err) => setError(protectedTitleText(t, err) ?? t(errorKey(err))),
      },
    );
  };

  return (
    <div data-field="documents" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-stone-800 dark:text-stone-200">
          {t('fields.documents')}
        </label>
        <span className="text-sm tabular-nums text-stone-600 dark:text-stone-400" data-testid="documents-count">
          {t('documents.count', { count: documents.length, max })}
        </span>
      </div>
      <p id={hintId} className="text-xs text-stone-600 dark:text-stone-400">
        {full ? t('documents.full', { max }) : t('documents.intro')}
      </p>

      {documents.length === 0 ? (
        <p className="text-sm text-stone-500 dark:text-stone-400">{t('documents.none')}</p>
      ) : (
        <ul className="space-y-3">
          {documents.map((d) => (
            <DocumentRow key={d.id} doc={d} showMissing={showMissing} />
          ))}
        </ul>
      )}

      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={DOCUMENT_ACCEPT}
          onChange={onChange}
          disabled={upload.isPending || full}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
        />
        {/*
         * The native control stays for keyboards and screen readers; its button is drawn here in the page's language.
         */}
        <label
          htmlFor={inputId}
          aria-hidden
          className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg bg-primary-50 px-4 py-2 text-sm font-semibold text-primary-800 hover:bg-primary-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 dark:bg-primary-900/40 dark:text-primary-100"
        >
          <Paperclip className="h-4 w-4" aria-hidden />
          {upload.isPending ? t('documents.uploading') : t('documents.choose')}
        </label>
      </div>
      <div aria-live="polite" className="text-sm text-success-600 dark:text-green-400">
        {status}
      </div>
      {error && (
        <div
          id={errorId}
          role="alert"
          className="flex flex-wrap items-center gap-2 text-sm font-medium text-red-700 dark:text-red-300"
        >
          <span>{error}</span>
          <Button size="sm" variant="outline" onClick={() => void openSupport('document_upload_failure')}>
            {t('errors.uploadSupport')}
          </Button>
        </div>
      )}
    </div>
  );
}

function DocumentRow({ doc, showMissing }: { doc: Doc; showMissing: boolean }) {
  const { t } = useTranslation(['guideApplication', 'licences']);
  const describe = useDescribeDocument();
  const remove = useDeleteDocument();
  const [text, setText] = useState(doc.description);
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    if (text.trim() === doc.description.trim()) return;
    describe.mutate(
      { id: doc.id, description: text.trim() },
      { onSuccess: () => setError(null), onError: (err) => setError(protectedTitleText(t, err) ?? t(errorKey(err))) },
    );
  };
  const missing = showMissing && !text.trim() ? t('errors.required') : null;

  return (
    <li className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
      <div className="flex items-center gap-3">
        <DocumentThumb doc={doc} />
        <div className="min-w-0 flex-1">
          <p className="break-all text-sm font-medium">{doc.fileName}</p>
          <p className="text-xs text-stone-600 dark:text-stone-400">
            {t('documents.size', { size: Math.max(1, Math.round(doc.sizeBytes / 1024)) })}
          </p>
        </div>
        <Button
          size="icon"
          variant="ghost"
          aria-label={t('documents.remove', { name: doc.fileName })}
          busy={remove.isPending}
          onClick={() =>
            remove.mutate(doc.id, {
              onSuccess: () => showToast({ title: t('documents.removed'), variant: 'success' }),
              onError: (err) => setError(protectedTitleText(t, err) ?? t(errorKey(err))),
            })
          }
        >
          {!remove.isPending && <Trash2 className="h-4 w-4" aria-hidden />}
        </Button>
      </div>
      <TextField
        wrapperClassName="mt-2"
        label={t('documents.description', { name: doc.fileName })}
        placeholder={t('documents.descriptionPlaceholder')}
        value={text}
        maxLength={500}
        onChange={(e) => setText(e.target.value)}
        onBlur={save}
        error={error ?? missing}
      />
    </li>
  );
}

/**
 * A small picture of an uploaded image. The file is private (the owner's bearer token, never a public
 * URL), so it is fetched and shown from memory; a PDF shows an icon.
 */
function DocumentThumb({ doc }: { doc: Doc }) {
  const [url, setUrl] = useState<string | null>(null);
  const image = doc.contentType.startsWith('image/');
  useEffect(() => {
    if (!image || typeof URL.createObjectURL !== 'function') return;
    let cancelled = false;
    let objectUrl: string | null = null;
    apiFile(doc.fileUrl)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [doc.fileUrl, image]);
  if (url)
    return (
      <img
        src={url}
        alt={doc.fileName}
        width={48}
        height={48}
        className="h-12 w-12 shrink-0 rounded-md border border-stone-200 object-cover dark:border-stone-700"
      />
    );
  return (
    <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-md bg-stone-100 dark:bg-stone-800">
      <FileText className="h-5 w-5 text-primary-600 dark:text-primary-300" aria-hidden />
    </span>
  );
}
