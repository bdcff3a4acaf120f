import { Check, Copy, KeyRound, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel, ChannelWithKey } from '../../../../shared/schemas/channels';
import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { useKeyChange } from '../api/channels';
import { ErrorNote } from './ui/feedback';

/**
 * A reseller's key, this once (decision 201): the server keeps only its hash, so this dialog is the one place it is
 * ever read. It says so, offers to copy it, and says how the reseller sends it.
 */
function KeyShownOnce({ channel, onDone }: { channel: ChannelWithKey; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  // The key replaces the confirmation's buttons in the rotation dialog: focus goes to what to do next, not the body.
  useEffect(() => copyButton.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(channel.apiKey);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure page, a refused permission): the key is selectable, to copy by hand.
      setCopied('failed');
    }
  };
  return (
    <div className="space-y-4">
      <p
        role="note"
        className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
      >
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>{t('resellers.keyOnce')}</span>
      </p>
      <div role="group" aria-labelledby={`${id}-label`} className="space-y-1.5">
        <p id={`${id}-label`} className="text-sm font-medium">
          {t('resellers.keyFor', { name: channel.name })}
        </p>
        <code
          data-testid="new-api-key"
          className="block select-all break-all rounded-lg bg-stone-100 px-3 py-2 font-mono text-sm text-stone-900 dark:bg-stone-800 dark:text-stone-100"
        >
          {channel.apiKey}
        </code>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button ref={copyButton} variant="primary" size="sm" onClick={() => void copy()}>
          {copied === 'yes' ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copied === 'yes' ? t('resellers.copied') : t('resellers.copy')}
        </Button>
        <p aria-live="polite" className="min-w-0 text-sm text-stone-600 dark:text-stone-400">
          {copied === 'failed' ? t('resellers.copyFailed') : ''}
        </p>
      </div>
      <p className="break-words text-sm text-stone-600 dark:text-stone-400">
        {t('resellers.keyUse', { url: `${window.location.origin}/api/octo` })}
      </p>
      <div className="flex justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('resellers.keyDone')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The key of a reseller just created, in a dialog of its own. Closing it forgets the key: `onClose` resets the
 * mutation that answered it.
 */
export function NewKeyDialog({ channel, onClose }: { channel: ChannelWithKey | undefined; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Sheet
      open={!!channel}
      onOpenChange={(open) => !open && onClose()}
      title={t('resellers.keyTitle')}
      closeLabel={t('close')}
    >
      {channel && <KeyShownOnce channel={channel} onDone={onClose} />}
    </Sheet>
  );
}

/**
 * Rotate a live reseller's key: the dialog asks first, then shows the new key in its place. The old key stops
 * working with the rotation, so the dialog cannot be closed while it is under way (the new key would be lost).
 */
export function RotateKey({ channel }: { channel: Channel }) {
  const { t } = useTranslation('admin');
  const change = useKeyChange();
  const [open, setOpen] = useState(false);
  const close = () => {
    if (change.isPending) return;
    setOpen(false);
    change.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ step: 'rotate', id: channel.id });
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => (change.reset(), setOpen(true))}>
        <KeyRound className="h-4 w-4" aria-hidden />
        {t('resellers.rotate')}
      </Button>
      <Sheet
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title={change.data ? t('resellers.keyTitle') : t('resellers.rotateTitle', { name: channel.name })}
        description={change.data ? undefined : t('resellers.rotateBody')}
        closeLabel={t('close')}
      >
        {change.data ? (
          <KeyShownOnce channel={change.data} onDone={close} />
        ) : (
          <form className="space-y-4" onSubmit={submit}>
            <ErrorNote error={change.error} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={close} disabled={change.isPending}>
                {t('cancel')}
              </Button>
              <Button type="submit" busy={change.isPending}>
                {t('resellers.rotateConfirm')}
              </Button>
            </div>
          </form>
        )}
      </Sheet>
    </>
  );
}
