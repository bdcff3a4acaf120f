import { Paperclip } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell } from './form';

/**
 * A file field whose button and "no file chosen" read in the page's language: the browser's own
 * control writes them in the browser's language ("Choose File" on a Japanese page). The native input
 * stays, hidden, for keyboards and screen readers, named by the field's label; the drawn button is
 * its second label, hidden from assistive technology, and the chosen files are named beside it.
 */
export function FileField({
  label,
  hint,
  error,
  accept,
  multiple = false,
  onFiles,
  testId,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  accept: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const [names, setNames] = useState<string[]>([]);
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <input
            id={id}
            type="file"
            accept={accept}
            multiple={multiple}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            data-testid={testId}
            className="peer sr-only"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              setNames(files.map((f) => f.name));
              onFiles(files);
              // Multiple files add up in the caller's list: the same file may be chosen again.
              if (multiple) e.target.value = '';
            }}
          />
          <label
            htmlFor={id}
            aria-hidden
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg bg-primary-50 px-4 py-2 text-sm font-semibold text-primary-800 hover:bg-primary-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600 dark:bg-primary-900/40 dark:text-primary-100"
          >
            <Paperclip className="h-4 w-4" aria-hidden />
            {t(multiple ? 'files.chooseMany' : 'files.choose')}
          </label>
          {!multiple && (
            <span className="min-w-0 truncate text-sm text-stone-600 dark:text-stone-400" aria-hidden>
              {names[0] ?? t('files.none')}
            </span>
          )}
        </div>
      )}
    </FieldShell>
  );
}
