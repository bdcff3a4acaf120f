import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { hasVisibleText } from '../../../../shared/display-text';
import { currentConsents } from '../../../../shared/legal/documents';
import type { AuthReply } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { LegalDocLink } from '../../help';
import { useWeChatSignup } from '../api/wechat';
import { WeChatMark } from './wechat-button';

const docLinkClass = 'font-medium text-primary-700 underline dark:text-primary-300';

/**
 * The second half of a new WeChat account (decision 148): WeChat has said who the person is, and the
 * account is created only once they accept the documents sign-up asks for, in the same two boxes as
 * the sign-up form (the transfer abroad is a consent of its own, decision 124).
 */
export function WeChatConsentsForm({
  signupToken,
  nickname,
  onSuccess,
  onExpired,
}: {
  signupToken: string;
  nickname: string;
  onSuccess: (reply: AuthReply) => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation(['wechat', 'auth']);
  const signup = useWeChatSignup();
  // WeChat's nickname is offered as the name other people see; the person may write another.
  const [values, setValues] = useState({ terms: false, transfer: false, fullName: nickname });
  const [submitted, setSubmitted] = useState(false);
  const errors = {
    fullName: !hasVisibleText(values.fullName) ? t('consents.nameRequired') : null,
    terms: !values.terms ? t('auth:signup.termsRequired') : null,
    transfer: !values.transfer ? t('auth:signup.transferRequired') : null,
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (errors.fullName || errors.terms || errors.transfer) {
      showToast({
        title: t('auth:error'),
        description: errors.fullName ?? errors.terms ?? errors.transfer ?? '',
        variant: 'destructive',
      });
      return;
    }
    signup.mutate(
      // No e-mail updates: the account has no e-mail address to send them to.
      {
        signupToken,
        consents: currentConsents(),
        emailUpdates: false,
        fullName: values.fullName.trim(),
        locale: currentLocale(),
      },
      {
        onSuccess: (reply) => {
          showToast({
            title: t('auth:signup.success'),
            description: t('auth:signup.successBody', { name: reply.fullName }),
            variant: 'success',
          });
          setSession(reply.token, reply.user);
          onSuccess(reply);
        },
        onError: (err) => {
          const code = err instanceof ApiError ? err.code : undefined;
          if (code === 'wechat_signup_expired' || code === 'wechat_taken') {
            showToast({ title: t('auth:signup.failed'), description: t(`errors.${code}`), variant: 'destructive' });
            onExpired();
            return;
          }
          const description =
            code === 'consent_version_not_current' ? t('auth:signup.versionChanged') : t('auth:signup.failedBody');
          showToast({ title: t('auth:signup.failed'), description, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="flex items-center gap-2 rounded-lg bg-[#07c160]/10 px-3 py-2.5 text-sm text-stone-800 dark:text-stone-200">
        <WeChatMark className="h-5 w-5 shrink-0 text-[#06ad56]" />
        {t('consents.who', { name: nickname })}
      </p>
      <TextField
        label={t('consents.name')}
        hint={t('auth:phone.nameHint')}
        value={values.fullName}
        onChange={(e) => setValues((v) => ({ ...v, fullName: e.target.value }))}
        maxLength={100}
        autoComplete="name"
        error={submitted ? errors.fullName : null}
      />
      <CheckboxField
        checked={values.terms}
        onChange={(e) => setValues((v) => ({ ...v, terms: e.target.checked }))}
        error={submitted ? errors.terms : null}
        label={
          <Trans
            t={t}
            i18nKey="auth:signup.termsLabel"
            components={{
              terms: <LegalDocLink kind="terms" className={docLinkClass} />,
              privacy: <LegalDocLink kind="privacy" className={docLinkClass} />,
            }}
          />
        }
      />
      <CheckboxField
        checked={values.transfer}
        onChange={(e) => setValues((v) => ({ ...v, transfer: e.target.checked }))}
        error={submitted ? errors.transfer : null}
        label={
          <Trans
            t={t}
            i18nKey="auth:signup.transferLabel"
            components={{ notice: <LegalDocLink kind="cross_border" className={docLinkClass} /> }}
          />
        }
      />
      <Button type="submit" size="lg" className="w-full" busy={signup.isPending}>
        {t('consents.submit')}
      </Button>
    </form>
  );
}
