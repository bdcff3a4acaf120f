import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { inputClass } from '../../../../components/ui/form';
import { Sheet } from '../../../../components/ui/sheet';
import { ErrorNote } from './feedback';

/**
 * An action button that asks first. With `reasonLabel` the dialog asks for a text (required) that
 * is passed on; `danger` colours destructive actions.
 */
export function ConfirmAction({
  label,
  title,
  description,
  reasonLabel,
  confirmLabel,
  danger,
  variant,
  onConfirm,
  children,
}: {
  label: string;
  title: string;
  description?: string;
  reasonLabel?: string;
  confirmLabel?: string;
  danger?: boolean;
  variant?: 'primary' | 'outline' | 'danger';
  onConfirm: (reason: string) => Promise<unknown>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [missing, setMissing] = useState(false);
  const id = useId();
  const run = async () => {
    if (reasonLabel && !reason.trim()) return setMissing(true);
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      setOpen(false);
      setReason('');
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant={variant ?? (danger ? 'danger' : 'primary')}
        size="sm"
        onClick={() => (setOpen(true), setError(null), setMissing(false))}
      >
        {label}
      </Button>
      <Sheet open={open} onOpenChange={setOpen} title={title} description={description} closeLabel={t('close')}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
        >
          {children}
          {reasonLabel && (
            <div className="space-y-1.5">
              <label htmlFor={id} className="block text-sm font-medium">
                {reasonLabel}
              </label>
              <textarea
                id={id}
                value={reason}
                maxLength={2000}
                rows={3}
                aria-invalid={missing || undefined}
                aria-describedby={missing ? `${id}-err` : undefined}
                onChange={(e) => (setReason(e.target.value), setMissing(false))}
                className={inputClass}
              />
              {missing && (
                <p id={`${id}-err`} className="text-sm text-danger-600 dark:text-red-400">
                  {t('reasonRequired')}
                </p>
              )}
            </div>
          )}
          <ErrorNote error={error} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
              {confirmLabel ?? label}
            </Button>
          </div>
        </form>
      </Sheet>
    </>
  );
}
