import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/form';
import { Sheet } from '../../../components/ui/sheet';

/**
 * The parts of one decline sheet each caller words in its own namespace: title, description, field, buttons, and the
 * empty reason's refusal.
 */
export type DeclinePart = 'title' | 'description' | 'reason' | 'required' | 'back' | 'confirm';

/**
 * Declining with a reason the other side reads (a proposed time, a trip change): a required text of
 * at most 500 characters. `decline` sends the trimmed reason and resolves when it is done; a refusal
 * it rejects with is shown under the field as the text `refusal` gives for it.
 */
export function DeclineReasonSheet({
  open,
  onOpenChange,
  text,
  busy,
  decline,
  refusal,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** The words of each part (the caller's `declineSheet.<part>`). */
  text: (part: DeclinePart) => string;
  busy: boolean;
  decline: (reason: string) => Promise<unknown>;
  refusal: (err: unknown) => string;
}) {
  const { t } = useTranslation('bookings');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = (o: boolean) => {
    onOpenChange(o);
    if (!o) {
      setReason('');
      setError(null);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(text('required'));
    decline(reason.trim().slice(0, 500)).then(
      () => reset(false),
      (err: unknown) => setError(refusal(err)),
    );
  };
  return (
    <Sheet
      open={open}
      onOpenChange={reset}
      title={text('title')}
      description={text('description')}
      closeLabel={t('close')}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextAreaField
          label={text('reason')}
          value={reason}
          maxLength={500}
          rows={3}
          required
          error={error ?? undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => reset(false)}>
            {text('back')}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {text('confirm')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
