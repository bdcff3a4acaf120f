import { Camera, ImagePlus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { currentLocale } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useRemoveImage, useUploadImage, type ImageSlot } from '../api/upload-image';
import { dateTimeFormat } from '../../../lib/intl';

function formatJoined(iso: string): string {
  const locale = currentLocale();
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return dateTimeFormat(locale === 'en' ? 'en-US' : locale, {
    year: 'numeric',
    month: locale === 'en' ? 'short' : 'long',
    day: 'numeric',
  }).format(d);
}

/**
 * Background image, avatar, name; the buttons upload or remove either picture (docs/rules/look-and-language.md toasts).
 */
export function ProfileHero({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const upload = useUploadImage();
  const remove = useRemoveImage();
  const avatarInput = useRef<HTMLInputElement>(null);
  const backgroundInput = useRef<HTMLInputElement>(null);
  const name = user.nickname || user.fullName;

  const done = (slot: ImageSlot) =>
    slot === 'avatar'
      ? showToast({ title: t('toasts.avatarUpdated'), description: t('toasts.avatarUpdatedBody'), variant: 'success' })
      : showToast({
          title: t('toasts.profileUpdated'),
          description: t('toasts.profileUpdatedBody'),
          variant: 'success',
        });
  const failed = (description: string) =>
    showToast({ title: t('toasts.uploadFailed'), description, variant: 'destructive' });

  const onFile = (slot: ImageSlot, input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type) || file.size > IMAGE_MAX_BYTES)
      return failed(t('toasts.uploadInvalid'));
    upload.mutate(
      { slot, file },
      {
        onSuccess: () => done(slot),
        onError: (err) =>
          failed(
            t(
              err instanceof ApiError && err.code === 'storage_unavailable'
                ? 'toasts.storageUnavailable'
                : err instanceof ApiError && err.code === 'qr_code_not_allowed'
                  ? 'toasts.uploadQrCode'
                  : 'toasts.uploadError',
            ),
          ),
      },
    );
  };
  const onRemove = (slot: ImageSlot) =>
    remove.mutate(slot, {
      onSuccess: () => done(slot),
      onError: () =>
        showToast({
          title: t('toasts.updateFailed'),
          description: t('toasts.updateFailedBody'),
          variant: 'destructive',
        }),
    });
  const busy = upload.isPending || remove.isPending;

  return (
    <section
      aria-label={t('hero.avatarAlt', { name })}
      className="overflow-hidden rounded-[var(--radius-card)] border border-stone-200 bg-white shadow-soft dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="relative h-36 bg-gradient-to-br from-primary-600 via-primary-500 to-accent-500 sm:h-48">
        {user.backgroundImage && (
          <img src={user.backgroundImage} alt="" width={1200} height={300} className="h-full w-full object-cover" />
        )}
      </div>
      <div className="px-5 pb-5 sm:px-6">
        <div className="relative -mt-12 flex flex-wrap items-end gap-4">
          <UserAvatar
            user={user}
            size={96}
            alt={t('hero.avatarAlt', { name })}
            className="border-4 border-white dark:border-stone-900"
          />
          <div className="min-w-0 flex-1 pb-1 pt-12">
            <p className="truncate text-xl font-semibold">{name}</p>
            <p className="flex flex-wrap gap-x-2 text-sm text-stone-600 dark:text-stone-400">
              <span className="break-all">@{user.username}</span>
              <span>{t('joined', { date: formatJoined(user.joinedDate) })}</span>
            </p>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <input
            ref={avatarInput}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(e) => onFile('avatar', e.currentTarget)}
            data-testid="avatar-input"
          />
          <input
            ref={backgroundInput}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(e) => onFile('background', e.currentTarget)}
            data-testid="background-input"
          />
          <Button
            variant="outline"
            size="sm"
            busy={busy && upload.variables?.slot === 'avatar'}
            disabled={busy}
            onClick={() => avatarInput.current?.click()}
          >
            <Camera className="h-4 w-4" aria-hidden />
            {t('hero.changeAvatar')}
          </Button>
          {user.profilePicture && (
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => onRemove('avatar')}>
              <Trash2 className="h-4 w-4" aria-hidden />
              {t('hero.removeAvatar')}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            busy={busy && upload.variables?.slot === 'background'}
            disabled={busy}
            onClick={() => backgroundInput.current?.click()}
          >
            <ImagePlus className="h-4 w-4" aria-hidden />
            {t('hero.changeBackground')}
          </Button>
          {user.backgroundImage && (
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => onRemove('background')}>
              <Trash2 className="h-4 w-4" aria-hidden />
              {t('hero.removeBackground')}
            </Button>
          )}
        </div>
        <p className="mt-2 text-xs text-stone-500 dark:text-stone-400">{t('hero.imageRules')}</p>
      </div>
    </section>
  );
}
