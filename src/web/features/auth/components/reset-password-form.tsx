import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PASSWORD_MIN } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { PasswordField } from '../../../components/ui/password-field';
import { StrengthMeter } from '../../../components/ui/strength-meter';

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [invalidLink, setInvalidLink] = useState(false);

  const passwordError = submitted && password.length < PASSWORD_MIN ? t('signup.passwordMin') : null;
  const confirmError = submitted && confirm !== password ? t('signup.passwordMismatch') : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (password.length < PASSWORD_MIN || confirm !== password) return;
    reset.mutate(
      { token, password, confirmPassword: confirm },
      {
        onSuccess: () => {
          showToast({ title: t('reset.success'), description: t('reset.successBody'), variant: 'success' });
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'invalid_reset_token') setInvalidLink(true);
          else showToast({ title: t('error'), description: t('reset.failed'), variant: 'destructive' });
        },
      },
    );
  };

  if (invalidLink) return <InvalidLink message={t('reset.invalid')} />;
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <PasswordField
        label={t('fields.newPassword')}
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordError}
        hint={<StrengthMeter password={password} />}
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={confirmError}
      />
      <Button type="submit" size="lg" className="w-full" busy={reset.isPending}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}

export function InvalidLink({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <div role="alert" className="space-y-4">
      <p className="rounded-lg bg-danger-600/10 p-4 text-sm text-stone-800 dark:text-stone-200">{message}</p>
      <Link
        to="/forgot-password"
        className="inline-block font-medium text-primary-700 hover:underline dark:text-primary-300"
      >
        {t('reset.requestNew')}
      </Link>
    </div>
  );
}
