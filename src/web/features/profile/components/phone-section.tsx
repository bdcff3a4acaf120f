import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/form';
import {
  OneTimeCodeField,
  phoneErrorText,
  PhoneNumberField,
  ResendButton,
  usePhoneCodeSteps,
} from '../../../components/ui/phone-fields';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useStartAccountPhone, useVerifyAccountPhone } from '../api/phone';
import { formatPhone } from '../../../../shared/phone-format';

/** The account's phone number (decision 147): added or changed with a code sent to the new number. */
export function PhoneSection({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const locale = currentLocale();
  const start = useStartAccountPhone();
  const verify = useVerifyAccountPhone();
  const steps = usePhoneCodeSteps(start, locale);
  const { sentTo, code } = steps;

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    const typed = steps.typed();
    if (!typed) return;
    verify.mutate(typed, {
      onSuccess: () => {
        showToast({ title: t('phone.saved'), variant: 'success' });
        steps.reset();
      },
      onError: (err) => steps.setCodeError(phoneErrorText(t, err)),
    });
  };

  return (
    <Panel id="phone" title={t('phone.title')} description={t('phone.description')}>
      <p className="mb-4 text-sm text-stone-700 dark:text-stone-300">
        {user.phone ? t('phone.current', { phone: formatPhone(user.phone) }) : t('phone.none')}
      </p>
      {!sentTo ? (
        <form noValidate onSubmit={steps.submitNumber} className="grid max-w-md gap-4">
          <PhoneNumberField
            country={steps.country}
            number={steps.number}
            onCountry={steps.setCountry}
            onNumber={steps.setNumber}
            locale={locale}
            error={steps.numberError}
          />
          <div>
            <Button type="submit" busy={start.isPending}>
              {t('common:phone.sendCode')}
            </Button>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={submitCode} className="grid max-w-md gap-4">
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {t('common:phone.sentTo', { phone: formatPhone(sentTo) })}{' '}
            <button
              type="button"
              className="font-medium text-primary-700 underline dark:text-primary-300"
              onClick={() => steps.setSentTo(null)}
            >
              {t('common:phone.changeNumber')}
            </button>
          </p>
          <OneTimeCodeField value={code} onChange={steps.setCode} error={steps.codeError} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={verify.isPending}>
              {t('phone.verify')}
            </Button>
            <ResendButton secondsLeft={steps.secondsLeft} busy={start.isPending} onClick={() => steps.send(sentTo)} />
          </div>
        </form>
      )}
    </Panel>
  );
}
