import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../../shared/schemas/user';
import { Panel } from '../../../components/ui/form';
import { cn } from '../../../lib/cn';
import { showToast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

function Toggle({
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  help: string;
  checked: boolean;
  disabled: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        <p id={`${id}-help`} className="text-sm text-stone-600 dark:text-stone-400">
          {help}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60',
          checked ? 'bg-primary-600' : 'bg-stone-300 dark:bg-stone-700',
        )}
      >
        <span
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
    </div>
  );
}

/** docs/rules/accounts-and-sessions.md: users can toggle read receipts; e-mail updates live beside it. */
export function PrivacySection({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const save = (body: { readReceiptsEnabled?: boolean; emailUpdates?: boolean }) =>
    update.mutate(body, {
      onSuccess: () =>
        showToast({
          title: t('toasts.profileUpdated'),
          description: t('toasts.profileUpdatedBody'),
          variant: 'success',
        }),
      onError: () =>
        showToast({
          title: t('toasts.updateFailed'),
          description: t('toasts.updateFailedBody'),
          variant: 'destructive',
        }),
    });
  return (
    <Panel id="privacy" title={t('privacy.title')}>
      <div className="divide-y divide-stone-200 dark:divide-stone-800">
        <Toggle
          label={t('privacy.readReceipts')}
          help={t('privacy.readReceiptsHelp')}
          checked={user.readReceiptsEnabled}
          disabled={update.isPending}
          onChange={(readReceiptsEnabled) => save({ readReceiptsEnabled })}
        />
        <Toggle
          label={t('privacy.emailUpdates')}
          help={t('privacy.emailUpdatesHelp')}
          checked={user.emailUpdates}
          disabled={update.isPending}
          onChange={(emailUpdates) => save({ emailUpdates })}
        />
      </div>
    </Panel>
  );
}
