import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../../../shared/phone-format';
import type { User } from '../../../../shared/schemas/user';
import { buttonClass } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { OneTimeCodeField } from '../../../components/ui/phone-fields';
import { WeChatStartLink } from '../../auth/forms';
import { SendCodeButton } from './send-code-button';

/** How this account proves it is the owner before it is deleted (decision 185). */
export type DeleteProofWay = 'password' | 'code' | 'wechat';

export const deleteProofWay = (user: Pick<User, 'hasPassword' | 'phone'>): DeleteProofWay =>
  user.hasPassword ? 'password' : user.phone ? 'code' : 'wechat';

/** Where WeChat brings a WeChat-only account back to: the profile's account section, to delete within 10 minutes. */
export const DELETE_WECHAT_RETURN = '/profile#account';

/**
 * The proof part of the deletion dialog: the password for an account that has one; a code texted to
 * the verified phone for a phone-made account; for a WeChat-only account, signing in with WeChat
 * again (which proves this session for 10 minutes) and then deleting.
 */
export function DeleteProof({
  user,
  password,
  onPassword,
  code,
  onCode,
  error,
}: {
  user: Pick<User, 'hasPassword' | 'phone'>;
  password: string;
  onPassword: (value: string) => void;
  code: string;
  onCode: (value: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation('profile');
  const [sent, setSent] = useState(false);
  const way = deleteProofWay(user);

  if (way === 'password') {
    return (
      <PasswordField
        label={t('management.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={error}
      />
    );
  }
  if (way === 'code') {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {sent ? t('management.codeSent', { phone: formatPhone(user.phone!) }) : t('management.codeHelp')}
        </p>
        {sent && <OneTimeCodeField value={code} onChange={onCode} error={error} />}
        <SendCodeButton
          url="/api/me/delete/code"
          label={sent ? t('management.sendAgain') : t('management.sendCode')}
          onSent={() => setSent(true)}
        />
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-stone-700 dark:text-stone-300">{t('management.wechatHelp')}</p>
      <div>
        <WeChatStartLink redirect={DELETE_WECHAT_RETURN} className={buttonClass('outline')}>
          {t('reauth.wechatAgain')}
        </WeChatStartLink>
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
