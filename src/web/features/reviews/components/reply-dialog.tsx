import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_REPLY_MAX_CHARS } from '../../../../shared/schemas/reviews';
import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { showToast } from '../../../lib/toast';
import { refusedContacts } from '../api/create-review';
import { useReplyToReview } from '../api/create-review';

/** The guide's one public reply to a review (decision 134): it cannot be changed, which the form says. */
export function ReplyDialog({
  reviewId,
  reviewerName,
  open,
  onOpenChange,
}: {
  reviewId: number;
  reviewerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('reviews');
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const send = useReplyToReview();
  const textId = useId();
  const hintId = useId();
  const errorId = useId();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setEmpty(true);
      return;
    }
    send.mutate(
      { reviewId, text: text.trim() },
      {
        onSuccess: () => {
          onOpenChange(false);
          showToast({ title: t('replyForm.sent'), variant: 'success' });
        },
        onError: (err) =>
          showToast({
            title: t('replyForm.failed'),
            variant: 'destructive',
            ...(refusedContacts(err) && { description: t('contactDetails') }),
          }),
      },
    );
  };
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('replyForm.title', { name: reviewerName })}
      description={t('replyForm.hint')}
      closeLabel={t('close')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={textId} className="text-sm font-medium">
            {t('replyForm.label')}
          </label>
          <textarea
            id={textId}
            value={text}
            maxLength={REVIEW_REPLY_MAX_CHARS}
            onChange={(e) => {
              setText(e.target.value);
              setEmpty(false);
            }}
            rows={4}
            aria-invalid={empty || undefined}
            aria-describedby={empty ? `${errorId} ${hintId}` : hintId}
            className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-primary-500 dark:border-stone-700 dark:bg-stone-950 aria-[invalid=true]:border-danger-600"
          />
          <p
            id={hintId}
            aria-live="polite"
            className="mt-1 text-right text-xs tabular-nums text-stone-500 dark:text-stone-400"
          >
            {t('form.counter', { count: text.length, max: REVIEW_REPLY_MAX_CHARS })}
          </p>
          {empty && (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {t('replyForm.required')}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={send.isPending}>
            {t('replyForm.submit')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
