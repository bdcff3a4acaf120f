import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/form';
import { PasswordField } from '../../../components/ui/password-field';
import { StrengthMeter } from '../../../components/ui/strength-meter';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

/**
 * Password change: current, new and confirm-new; the signup rules apply to the new one. An account made by
 * phone has no current password to give and sets its first one (decision 147).
 */
export function PasswordChangeForm({ hasPassword = true }: { hasPassword?: boolean }) {
  const { t } = useTranslation(['profile', 'auth']);
  const change = useChangePassword();
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [v, setV] = useState(empty);
  const [submitted, setSubmitted] = useState(false);
  const [wrongCurrent, setWrongCurrent] = useState(false);

  const errors = {
    currentPassword: !hasPassword
      ? null
      : !v.currentPassword
        ? t('security.required')
        : wrongCurrent
          ? t('security.wrongCurrent')
          : null,
    newPassword: v.newPassword.length < PASSWORD_MIN ? t('auth:signup.passwordMin') : null,
    confirmPassword: v.confirmPassword !== v.newPassword ? t('auth:signup.passwordMismatch') : null,
  };
  const show = (k: keyof typeof errors) => (submitted || (k === 'currentPassword' && wrongCurrent) ? errors[k] : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (errors.currentPassword || errors.newPassword || errors.confirmPassword) return;
    change.mutate(hasPassword ? v : { newPassword: v.newPassword, confirmPassword: v.confirmPassword }, {
      onSuccess: () => {
        setV(empty);
        setSubmitted(false);
        showToast({
          title: t('toasts.passwordChanged'),
          description: t('toasts.passwordChangedBody'),
          variant: 'success',
        });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'wrong_password') setWrongCurrent(true);
        showToast({
          title: t('toasts.updateFailed'),
          description:
            err instanceof ApiError && err.code === 'wrong_password'
              ? t('security.wrongCurrent')
              : t('toasts.updateFailedBody'),
          variant: 'destructive',
        });
      },
    });
  };

  const field = (k: keyof typeof v) => ({
    value: v[k],
    onChange: (e: { target: { value: string } }) => {
      setV((prev) => ({ ...prev, [k]: e.target.value }));
      if (k === 'currentPassword') setWrongCurrent(false);
    },
    error: show(k),
  });

  return (
    <Panel
      id="security"
      title={t('security.title')}
      description={hasPassword ? t('security.description') : t('security.noPassword')}
    >
      <form noValidate onSubmit={submit} className="grid max-w-md gap-4">
        {hasPassword && (
          <PasswordField label={t('security.current')} autoComplete="current-password" {...field('currentPassword')} />
        )}
        <PasswordField
          label={t('security.new')}
          autoComplete="new-password"
          {...field('newPassword')}
          hint={<StrengthMeter password={v.newPassword} />}
        />
        <PasswordField label={t('security.confirm')} autoComplete="new-password" {...field('confirmPassword')} />
        <div>
          <Button type="submit" busy={change.isPending}>
            {t('security.submit')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
