import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { useForgotPassword } from '../api/forgot-password';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!EMAIL.test(email.trim())) return setError(t('signup.emailInvalid'));
    setError(null);
    forgot.mutate(
      { email: email.trim(), locale: currentLocale() },
      {
        onError: (err) =>
          setError(err instanceof ApiError && err.code === 'rate_limited' ? t('forgot.throttled') : t('forgot.failed')),
      },
    );
  };

  if (forgot.isSuccess) {
    return (
      <div role="status" className="space-y-4">
        <div className="flex items-start gap-3 rounded-lg bg-success-600/10 p-4 text-sm text-stone-800 dark:text-stone-200">
          <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-success-600" aria-hidden />
          <div>
            <p className="font-semibold">{t('forgot.sentTitle')}</p>
            <p className="mt-1">{t('forgot.sentBody', { email: email.trim() })}</p>
          </div>
        </div>
        <ButtonLink to="/login" variant="outline" className="w-full">
          {t('forgot.backToLogin')}
        </ButtonLink>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <Button type="submit" size="lg" className="w-full" busy={forgot.isPending}>
        {t('forgot.submit')}
      </Button>
    </form>
  );
}
