import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuthReply } from '../../../../shared/schemas/user';
import { TextField } from '../../../components/ui/form';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { adoptAccountLocale } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { PasswordField } from '../../../components/ui/password-field';

/**
 * docs/rules/accounts-and-sessions.md Login: both fields required ('请填写所有字段', title '错误'); failures and success per §8.
 */
export function LoginForm({ onSuccess }: { onSuccess: (reply: AuthReply) => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setMissing(true);
      showToast({ title: t('error'), description: t('login.fillAll'), variant: 'destructive' });
      return;
    }
    setMissing(false);
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (reply) => {
          // Toast, store and navigate in one go: storing the session re-renders the page away from this form.
          showToast({ title: t('login.success'), description: t('login.successBody'), variant: 'success' });
          setSession(reply.token, reply.user);
          adoptAccountLocale(reply.user.locale);
          onSuccess(reply);
        },
        onError: (err) => {
          const code = err instanceof ApiError ? err.code : undefined;
          showToast({
            title: t('login.failed'),
            description:
              code === 'rate_limited'
                ? t('login.throttled')
                : code === 'account_suspended'
                  ? t('login.suspended')
                  : t('login.failedBody'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={t('fields.usernameOrEmail')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={missing && !username.trim() ? t('login.fillAll') : null}
      />
      <PasswordField
        label={t('fields.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={missing && !password ? t('login.fillAll') : null}
      />
      <div className="flex justify-end">
        <Link
          to="/forgot-password"
          className="text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
        >
          {t('login.forgot')}
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" busy={login.isPending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
