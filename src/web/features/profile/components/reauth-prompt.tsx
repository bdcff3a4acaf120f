import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../../../shared/phone-format';
import type { User } from '../../../../shared/schemas/user';
import { Button, buttonClass } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { OneTimeCodeField, phoneErrorText } from '../../../components/ui/phone-fields';
import { Sheet } from '../../../components/ui/sheet';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { setProofAsker } from '../../../lib/proof';
import { WeChatStartLink } from '../../auth/forms';
import { SendCodeButton } from './send-code-button';

/**
 * The prompt a new way in opens when the server asks for a fresh proof (decision 183): the password,
 * or a code texted to the account's verified phone; a WeChat-only account is sent to sign in with
 * WeChat again (a sign-in is a proof). While it is on screen, `withProof` calls wait on it and retry.
 */
export function ReauthPrompt({ user }: { user: Pick<User, 'hasPassword' | 'phone'> }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const settle = useRef<((proven: boolean) => void) | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setProofAsker(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current?.(false);
          settle.current = resolve;
          setPassword('');
          setCode('');
          setCodeSent(false);
          setError(null);
          setOpen(true);
        }),
    );
    return () => {
      setProofAsker(undefined);
      settle.current?.(false);
    };
  }, []);

  const finish = (proven: boolean) => {
    setOpen(false);
    settle.current?.(proven);
    settle.current = null;
  };

  const prove = async (body: { password: string } | { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      await apiRequest('/api/me/reauth', { method: 'POST', body });
      finish(true);
    } catch (err) {
      setError(
        'password' in body
          ? err instanceof ApiError && err.code === 'wrong_password'
            ? t('reauth.wrongPassword')
            : t('reauth.failed')
          : phoneErrorText(t, err),
      );
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    if (password) void prove({ password });
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) void prove({ code: code.trim() });
  };

  const phone = user.phone ? formatPhone(user.phone) : null;
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => !next && finish(false)}
      title={t('reauth.title')}
      description={t('reauth.description')}
      closeLabel={t('reauth.cancel')}
    >
      <div className="grid gap-5">
        {user.hasPassword && (
          <form noValidate onSubmit={submitPassword} className="grid gap-3">
            <PasswordField
              label={t('reauth.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={codeSent ? null : error}
            />
            <div>
              <Button type="submit" busy={busy && !codeSent}>
                {t('reauth.confirm')}
              </Button>
            </div>
          </form>
        )}
        {phone &&
          (codeSent ? (
            <form noValidate onSubmit={submitCode} className="grid gap-3">
              <p className="text-sm text-stone-700 dark:text-stone-300">{t('reauth.codeSent', { phone })}</p>
              <OneTimeCodeField value={code} onChange={setCode} error={error} />
              <div>
                <Button type="submit" busy={busy}>
                  {t('reauth.confirm')}
                </Button>
              </div>
            </form>
          ) : (
            <SendCodeButton
              url="/api/me/reauth/code"
              label={t('reauth.sendCode')}
              onSent={() => {
                setError(null);
                setCodeSent(true);
              }}
            />
          ))}
        {!user.hasPassword && !phone && (
          <div className="grid gap-3">
            <p className="text-sm text-stone-700 dark:text-stone-300">{t('reauth.wechatOnly')}</p>
            <div>
              <WeChatStartLink redirect="/profile" className={buttonClass('primary')}>
                {t('reauth.wechatAgain')}
              </WeChatStartLink>
            </div>
          </div>
        )}
      </div>
    </Sheet>
  );
}
