import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { currentConsents } from '../../../../shared/legal/documents';
import type { AuthReply } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/form';
import {
  OneTimeCodeField,
  phoneErrorText,
  PhoneNumberField,
  ResendButton,
  usePhoneCodeSteps,
} from '../../../components/ui/phone-fields';
import { ApiError } from '../../../lib/api-client';
import { adoptAccountLocale, currentLocale } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { LegalDocLink } from '../../help';
import { useStartPhoneSignIn, useVerifyPhoneSignIn } from '../api/phone';
import { hasVisibleText } from '../../../../shared/display-text';
import { joinName, nameOrder, type NamePart } from '../../../../shared/person-name';
import { formatPhone } from '../../../../shared/phone-format';

const docLinkClass = 'font-medium text-primary-700 underline dark:text-primary-300';

/**
 * Sign-in (and sign-up) by phone (decision 147): the number, then the code texted to it. A number
 * without an account asks for the sign-up documents before its account is made: on the sign-up page at
 * once, on the sign-in page when the server says the number is new (403 consent_required), with the
 * same code.
 */
export function PhoneSignIn({ mode, onSuccess }: { mode: 'login' | 'signup'; onSuccess: (reply: AuthReply) => void }) {
  const { t } = useTranslation('auth');
  const locale = currentLocale();
  const start = useStartPhoneSignIn();
  const verify = useVerifyPhoneSignIn();
  const steps = usePhoneCodeSteps(start, locale);
  const { sentTo, code, setCodeError } = steps;
  const [askConsents, setAskConsents] = useState(mode === 'signup');
  const [terms, setTerms] = useState(false);
  const [transfer, setTransfer] = useState(false);
  const [consentsTried, setConsentsTried] = useState(false);
  // A new account's name, asked with the documents: what other people see, never a generated username.
  const [name, setName] = useState<Record<NamePart, string>>({ family: '', given: '' });
  const nameMissing = !hasVisibleText(name.family) || !hasVisibleText(name.given);

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    const typed = steps.typed();
    if (!typed) return;
    if (askConsents) {
      setConsentsTried(true);
      if (!terms || !transfer || nameMissing) return;
    }
    verify.mutate(
      { ...typed, locale, ...(askConsents && { consents: currentConsents(), fullName: joinName(name, locale) }) },
      {
        onSuccess: (reply) => {
          // A new account is welcomed, not welcomed back.
          if (askConsents)
            showToast({
              title: t('signup.success'),
              description: t('signup.successBody', { name: reply.user.fullName }),
              variant: 'success',
            });
          else showToast({ title: t('login.success'), description: t('login.successBody'), variant: 'success' });
          setSession(reply.token, reply.user);
          adoptAccountLocale(reply.user.locale);
          onSuccess(reply);
        },
        onError: (err) => {
          const errCode = err instanceof ApiError ? err.code : undefined;
          // A new number: the same code, once the documents are accepted.
          if (errCode === 'consent_required') return setAskConsents(true);
          if (errCode === 'account_suspended') return setCodeError(t('login.suspended'));
          if (errCode === 'consent_version_not_current') return setCodeError(t('signup.versionChanged'));
          setCodeError(phoneErrorText(t, err));
        },
      },
    );
  };

  return (
    <section aria-labelledby="phone-sign-in-title" className="space-y-4">
      <h2 id="phone-sign-in-title" className="text-lg font-semibold">
        {t('phone.title')}
      </h2>
      {mode === 'signup' && <p className="text-sm text-stone-600 dark:text-stone-400">{t('phone.hint')}</p>}
      {!sentTo ? (
        <form noValidate onSubmit={steps.submitNumber} className="space-y-4">
          <PhoneNumberField
            country={steps.country}
            number={steps.number}
            onCountry={steps.setCountry}
            onNumber={steps.setNumber}
            locale={locale}
            error={steps.numberError}
          />
          <Button type="submit" size="lg" className="w-full" busy={start.isPending}>
            {t('common:phone.sendCode')}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={submitCode} className="space-y-4">
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {t('common:phone.sentTo', { phone: formatPhone(sentTo) })}{' '}
            <button type="button" className={docLinkClass} onClick={() => steps.setSentTo(null)}>
              {t('common:phone.changeNumber')}
            </button>
          </p>
          <OneTimeCodeField value={code} onChange={steps.setCode} error={steps.codeError} />
          <ResendButton secondsLeft={steps.secondsLeft} busy={start.isPending} onClick={() => steps.send(sentTo)} />
          {askConsents && (
            <div className="space-y-3">
              {mode === 'login' && (
                <p className="text-sm text-stone-700 dark:text-stone-300">{t('phone.newAccount')}</p>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                {nameOrder(locale).map((part) => (
                  <TextField
                    key={part}
                    label={t(part === 'given' ? 'fields.firstName' : 'fields.lastName')}
                    autoComplete={part === 'given' ? 'given-name' : 'family-name'}
                    value={name[part]}
                    onChange={(e) => setName({ ...name, [part]: e.target.value })}
                    maxLength={50}
                    error={consentsTried && !hasVisibleText(name[part]) ? t('signup.nameRequired') : null}
                  />
                ))}
              </div>
              <p className="text-sm text-stone-600 dark:text-stone-400">{t('phone.nameHint')}</p>
              <CheckboxField
                checked={terms}
                onChange={(e) => setTerms(e.target.checked)}
                error={consentsTried && !terms ? t('signup.termsRequired') : null}
                label={
                  <Trans
                    t={t}
                    i18nKey="signup.termsLabel"
                    components={{
                      terms: <LegalDocLink kind="terms" className={docLinkClass} />,
                      privacy: <LegalDocLink kind="privacy" className={docLinkClass} />,
                    }}
                  />
                }
              />
              <CheckboxField
                checked={transfer}
                onChange={(e) => setTransfer(e.target.checked)}
                error={consentsTried && !transfer ? t('signup.transferRequired') : null}
                label={
                  <Trans
                    t={t}
                    i18nKey="signup.transferLabel"
                    components={{ notice: <LegalDocLink kind="cross_border" className={docLinkClass} /> }}
                  />
                }
              />
            </div>
          )}
          <Button type="submit" size="lg" className="w-full" busy={verify.isPending}>
            {t('phone.continue')}
          </Button>
        </form>
      )}
    </section>
  );
}
