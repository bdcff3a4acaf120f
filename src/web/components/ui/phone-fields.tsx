import { useEffect, useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import {
  DEFAULT_SMS_COUNTRIES,
  PHONE_CODE_LENGTH,
  SMS_COUNTRY_CALLING_CODES,
  type SmsCountry,
} from '../../../shared/schemas/phone';
import type { Locale } from '../../../shared/locales';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { FieldShell, inputClass } from './form';

/**
 * The country a phone number starts from (decision 147): +86 in Chinese, +81 in Japanese; in English the
 * region of the browser's language when it is one served (en-SG, en-GB, en-AU …), else Hong Kong, the
 * likeliest home of a Chinese-speaking traveler who reads English. The picker changes it in one tap.
 */
export function defaultCountry(
  locale: Locale,
  browserLanguages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): SmsCountry {
  if (locale === 'zh-CN') return 'CN';
  if (locale === 'ja') return 'JP';
  for (const tag of browserLanguages) {
    const region = tag.split('-')[1]?.toUpperCase();
    if (region && (DEFAULT_SMS_COUNTRIES as readonly string[]).includes(region)) return region as SmsCountry;
  }
  return 'HK';
}

/**
 * The number in E.164: typed with its own +, or the picked country's code before the digits (a national leading 0
 * dropped).
 */
export function toE164(country: SmsCountry, typed: string): string {
  const trimmed = typed.trim();
  if (trimmed.startsWith('+')) return `+${trimmed.replace(/\D/g, '')}`;
  return `+${SMS_COUNTRY_CALLING_CODES[country]}${trimmed.replace(/\D/g, '').replace(/^0+/, '')}`;
}

/**
 * The country picker and the number, on one line: the country named in the reader's language, with its calling code.
 */
export function PhoneNumberField({
  country,
  number,
  onCountry,
  onNumber,
  locale,
  error,
  disabled,
}: {
  country: SmsCountry;
  number: string;
  onCountry: (c: SmsCountry) => void;
  onNumber: (n: string) => void;
  locale: Locale;
  error?: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return (
    <FieldShell label={t('phone.number')} error={error}>
      {({ id, describedBy, invalid }) => (
        <div className="flex gap-2">
          {/* The picker keeps a fixed width and the number takes the rest: on a 375 px phone both stay in the card. */}
          <div className="w-36 shrink-0">
            <select
              aria-label={t('phone.country')}
              value={country}
              disabled={disabled}
              onChange={(e) => onCountry(e.target.value as SmsCountry)}
              className={cn(inputClass, 'truncate pr-2')}
            >
              {DEFAULT_SMS_COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {`${names.of(c) ?? c} +${SMS_COUNTRY_CALLING_CODES[c]}`}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0 flex-1">
            <input
              id={id}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              disabled={disabled}
              value={number}
              onChange={(e) => onNumber(e.target.value)}
              className={inputClass}
            />
          </div>
        </div>
      )}
    </FieldShell>
  );
}

/**
 * The code field: the phone's own suggestion of the code (one-time-code) and pasting both fill it; only digits are
 * kept.
 */
export function OneTimeCodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <FieldShell label={t('phone.code')} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name="one-time-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={PHONE_CODE_LENGTH + 4}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH))}
          className={cn(inputClass, 'tracking-[0.3em]')}
        />
      )}
    </FieldShell>
  );
}

/** Seconds left until `until` (ms since the epoch), ticking once a second; 0 once it has passed. */
export function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    // At once (a new `until` was set after `now` was read), then every second.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** "Resend" once the pause is over, and until then the seconds it still waits. */
export function ResendButton({
  secondsLeft,
  busy,
  onClick,
}: {
  secondsLeft: number;
  busy?: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button type="button" variant="outline" disabled={secondsLeft > 0} busy={busy} onClick={onClick}>
      {secondsLeft > 0 ? t('phone.resendIn', { seconds: secondsLeft }) : t('phone.resend')}
    </Button>
  );
}

const PHONE_ERRORS = new Set([
  'invalid_phone',
  'unsupported_country',
  'retry_later',
  'invalid_code',
  'code_expired',
  'phone_taken',
  'unavailable',
]);

/** What to tell the reader about a failed phone request, in the common namespace's words. */
export function phoneErrorText(t: TFunction, err: unknown): string {
  const code = err instanceof ApiError ? err.code : undefined;
  if (!code || !PHONE_ERRORS.has(code)) return t('common:phone.errors.generic');
  const seconds = err instanceof ApiError ? (err.body?.retryAfter ?? 60) : 60;
  return t(`common:phone.errors.${code}`, { seconds });
}

/**
 * The steps every phone form shares (decision 147): the number with its country, the code texted to it,
 * the pause before a resend (the server's, or its Retry-After when it refused), and each step's error.
 * The forms differ only in what a right code does.
 */
export function usePhoneCodeSteps(
  start: Pick<UseMutationResult<{ resendAfterSeconds: number }, Error, string>, 'mutate' | 'isPending'>,
  locale: Locale,
) {
  const { t } = useTranslation();
  const [country, setCountry] = useState<SmsCountry>(() => defaultCountry(locale));
  const [number, setNumber] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(resendAt);
  const [code, setCode] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  const send = (phone: string) => {
    setNumberError(null);
    start.mutate(phone, {
      onSuccess: (reply) => {
        setSentTo(phone);
        setResendAt(Date.now() + reply.resendAfterSeconds * 1000);
        setCode('');
        setCodeError(null);
      },
      onError: (err) => {
        const text = phoneErrorText(t, err);
        if (sentTo) setCodeError(text);
        else setNumberError(text);
        if (err instanceof ApiError && err.code === 'retry_later')
          setResendAt(Date.now() + (err.body?.retryAfter ?? 60) * 1000);
      },
    });
  };

  const submitNumber = (e: FormEvent) => {
    e.preventDefault();
    if (!number.trim()) return setNumberError(t('common:phone.errors.invalid_phone'));
    send(toE164(country, number));
  };

  /** The number and the code as typed, or null (the code's error shown) before six digits. */
  const typed = (): { phone: string; code: string } | null => {
    if (!sentTo) return null;
    if (code.length !== PHONE_CODE_LENGTH) {
      setCodeError(t('common:phone.errors.codeLength'));
      return null;
    }
    return { phone: sentTo, code };
  };

  /** Back to an empty number (after a number was saved). */
  const reset = () => {
    setSentTo(null);
    setNumber('');
    setCode('');
    setCodeError(null);
  };

  return {
    country,
    setCountry,
    number,
    setNumber,
    sentTo,
    setSentTo,
    secondsLeft,
    code,
    setCode,
    numberError,
    codeError,
    setCodeError,
    send,
    submitNumber,
    typed,
    reset,
  };
}
