import { Paperclip, X } from 'lucide-react';
import { listText } from '../../../lib/cjk-spacing';
import { currentLocale } from '../../../lib/i18n';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import {
  DISPUTE_CATEGORIES,
  DISPUTE_REASON_MAX_CHARS,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_MAX_FILES,
  type DisputeCategory,
} from '../../../../shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../lib/toast';
import { Sheet } from '../../../components/ui/sheet';
import { useOpenDispute } from '../api/open-dispute';
import { useSession } from '../../../lib/session';
import { FileField } from '../../../components/ui/file-field';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'];

/**
 * Report a problem with a tour: a reason and evidence files (JPEG, PNG, GIF, WEBP or PDF, 10 MB
 * each; the server checks them by content). The booking becomes disputed; our team decides.
 */
export function DisputeDialog({
  booking,
  open,
  onOpenChange,
}: {
  booking: Booking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('disputes');
  const [reason, setReason] = useState('');
  // What went wrong (decision 135): the named categories are what a traveler reports; a guide describes it.
  const isTraveler = useSession()?.user.id !== booking.guide.userId;
  const [category, setCategory] = useState<DisputeCategory>('other');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const mutation = useOpenDispute();
  const reasonId = useId();
  const errorId = useId();
  const fileErrorId = useId();

  const close = (next: boolean) => {
    if (!next) {
      setReason('');
      setCategory('other');
      setFiles([]);
      setError(null);
      setFileError(null);
    }
    onOpenChange(next);
  };

  const addFiles = (picked: File[]) => {
    const bad = picked.find((f) => !ACCEPTED.includes(f.type));
    const big = picked.find((f) => f.size > EVIDENCE_MAX_BYTES);
    if (bad) setFileError(t('invalidType'));
    else if (big) setFileError(t('tooLarge', { name: big.name }));
    else setFileError(null);
    const ok = picked.filter((f) => ACCEPTED.includes(f.type) && f.size <= EVIDENCE_MAX_BYTES);
    setFiles((cur) => [...cur, ...ok].slice(0, EVIDENCE_MAX_FILES));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(t('reasonRequired'));
      return;
    }
    mutation.mutate(
      { bookingId: booking.id, category, reason: reason.trim(), files },
      {
        onSuccess: ({ failed }) => {
          close(false);
          showToast(
            failed.length
              ? {
                  title: t('opened'),
                  description: t('someFailed', { names: listText(failed, currentLocale()) }),
                  variant: 'info',
                }
              : { title: t('opened'), description: t('openedBody'), variant: 'success' },
          );
        },
        onError: () => showToast({ title: t('failed'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Sheet
      open={open}
      onOpenChange={close}
      title={t('title')}
      description={t('subtitle', { number: booking.bookingNumber })}
      closeLabel={t('close')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {isTraveler && (
          <fieldset>
            <legend className="text-sm font-medium">{t('category.legend')}</legend>
            <div className="mt-1 space-y-1">
              {DISPUTE_CATEGORIES.map((c) => (
                <label
                  key={c}
                  className="flex min-h-10 items-center gap-2 rounded-lg px-2 text-sm has-[:checked]:bg-primary-50 dark:has-[:checked]:bg-primary-900/30"
                >
                  <input
                    type="radio"
                    name={`${reasonId}-category`}
                    value={c}
                    checked={category === c}
                    onChange={() => setCategory(c)}
                    className="h-4 w-4 accent-primary-600"
                  />
                  {t(`category.${c}`)}
                </label>
              ))}
            </div>
            <p className="mt-1 text-xs text-stone-700 dark:text-stone-300" data-testid="dispute-outcome">
              {t(`outcome.${category}`)}
            </p>
          </fieldset>
        )}
        <div>
          <label htmlFor={reasonId} className="text-sm font-medium">
            {t('reason')}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={DISPUTE_REASON_MAX_CHARS}
            rows={4}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder={t('reasonPlaceholder')}
            className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-primary-500 dark:border-stone-700 dark:bg-stone-950 aria-[invalid=true]:border-danger-600"
          />
          {error && (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
        </div>
        <div>
          <FileField
            label={t('evidence')}
            hint={
              <>
                {isTraveler && (
                  <span className="block text-stone-700 dark:text-stone-300">{t(`evidenceFor.${category}`)}</span>
                )}
                {t('evidenceHint', { max: EVIDENCE_MAX_FILES })}
              </>
            }
            accept={ACCEPTED.join(',')}
            multiple
            onFiles={addFiles}
          />
          {fileError && (
            <p id={fileErrorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {fileError}
            </p>
          )}
          {files.length > 0 && (
            <ul className="mt-2 space-y-1 text-sm">
              {files.map((f, i) => (
                <li key={`${f.name}-${i}`} className="flex items-center gap-2">
                  <Paperclip className="h-4 w-4 shrink-0 text-stone-500" aria-hidden />
                  <span className="min-w-0 flex-1 truncate">{f.name}</span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('remove', { name: f.name })}
                    onClick={() => setFiles((cur) => cur.filter((_, j) => j !== i))}
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={mutation.isPending}>
            {t('submit')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
