import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_CODE_LENGTH, type SmsCountry } from '../../../../shared/schemas/phone';
import type { User } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/form';
import { defaultCountry, OneTimeCodeField, phoneErrorText, PhoneNumberField, ResendButton, toE164, useSecondsLeft } from '../../../components/ui/phone-fields';
import { ApiError } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useStartAccountPhone, useVerifyAccountPhone } from '../api/phone';

/** The account's phone number (decision 147): added or changed with a code sent to the new number. */
export function PhoneSection({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const locale = currentLocale();
  const start = useStartAccountPhone();
  const verify = useVerifyAccountPhone();
  const [country, setCountry] = useState<SmsCountry>(() => defaultCountry(locale));
  const [number, setNumber] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(resendAt);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = (phone: string) => {
    setError(null);
    start.mutate(phone, {
      onSuccess: (reply) => {
        setSentTo(phone);
        setResendAt(Date.now() + reply.resendAfterSeconds * 1000);
        setCode('');
      },
      onError: (err) => {
        setError(phoneErrorText(t, err));
        if (err instanceof ApiError && err.code === 'retry_later') setResendAt(Date.now() + (err.body?.retryAfter ?? 60) * 1000);
      },
    });
  };

  const submitNumber = (e: FormEvent) => {
    e.preventDefault();
    if (!number.trim()) return setError(t('common:phone.errors.invalid_phone'));
    send(toE164(country, number));
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo) return;
    if (code.length !== PHONE_CODE_LENGTH) return setError(t('common:phone.errors.codeLength'));
    verify.mutate(
      { phone: sentTo, code },
      {
        onSuccess: () => {
          showToast({ title: t('phone.saved'), variant: 'success' });
          setSentTo(null);
          setNumber('');
          setCode('');
          setError(null);
        },
        onError: (err) => setError(phoneErrorText(t, err)),
      },
    );
  };

  return (
    <Panel id="phone" title={t('phone.title')} description={t('phone.description')}>
      <p className="mb-4 text-sm text-stone-700 dark:text-stone-300">{user.phone ? t('phone.current', { phone: user.phone }) : t('phone.none')}</p>
      {!sentTo ? (
        <form noValidate onSubmit={submitNumber} className="grid max-w-md gap-4">
          <PhoneNumberField country={country} number={number} onCountry={setCountry} onNumber={setNumber} locale={locale} error={error} />
          <div>
            <Button type="submit" busy={start.isPending}>
              {t('common:phone.sendCode')}
            </Button>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={submitCode} className="grid max-w-md gap-4">
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {t('common:phone.sentTo', { phone: sentTo })}{' '}
            <button type="button" className="font-medium text-primary-700 underline dark:text-primary-300" onClick={() => setSentTo(null)}>
              {t('common:phone.changeNumber')}
            </button>
          </p>
          <OneTimeCodeField value={code} onChange={setCode} error={error} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={verify.isPending}>
              {t('phone.verify')}
            </Button>
            <ResendButton secondsLeft={secondsLeft} busy={start.isPending} onClick={() => send(sentTo)} />
          </div>
        </form>
      )}
    </Panel>
  );
}
