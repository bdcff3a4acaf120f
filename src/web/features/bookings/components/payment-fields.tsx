import { CreditCard, FlaskConical, MessageCircle, WalletMinimal } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/locales';
import type { CreatePaymentBody, PaymentMethodName } from '../../../../shared/schemas/payments';
import { TextField } from '../../../components/ui/form';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { CARD_NUMBER_MAX, CVV_MAX, EXPIRY_MAX, formatCardNumber, formatCvv, formatExpiry } from '../lib/forms';

export interface PaymentValues {
  method: PaymentMethodName;
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  cardHolder: string;
  alipayAccount: string;
  wechatId: string;
}

/** Chinese readers pay with Alipay and WeChat Pay first (card was preselected for them); others by card. */
const METHOD_ORDER: Record<Locale, readonly PaymentMethodName[]> = {
  'zh-CN': ['alipay', 'wechat', 'card'],
  en: ['card', 'alipay', 'wechat'],
  ja: ['card', 'alipay', 'wechat'],
};

/** An empty form with the reader's first method chosen. */
export const emptyPayment = (locale: Locale): PaymentValues => ({
  method: METHOD_ORDER[locale][0]!,
  cardNumber: '',
  expiryDate: '',
  cvv: '',
  cardHolder: '',
  alipayAccount: '',
  wechatId: '',
});

/** The request body for the chosen method only (Payment form names). */
export function paymentBody(v: PaymentValues): CreatePaymentBody {
  if (v.method === 'card')
    return {
      kind: 'deposit',
      method: 'card',
      cardNumber: v.cardNumber,
      expiryDate: v.expiryDate,
      cvv: v.cvv,
      cardHolder: v.cardHolder.trim(),
    };
  if (v.method === 'alipay') return { kind: 'deposit', method: 'alipay', alipayAccount: v.alipayAccount.trim() };
  return { kind: 'deposit', method: 'wechat', wechatId: v.wechatId.trim() };
}

const ICONS = { card: CreditCard, alipay: WalletMinimal, wechat: MessageCircle } as const;

/**
 * The deposit's payment form: card (number, MM/YY, CVV, holder; 19/5/4 characters at
 * most), Alipay (account) or WeChat Pay (id). Every input is disabled while a payment is processing.
 * The simulated provider is labelled as a demo with the test cards that work.
 */
export function PaymentFields({
  value,
  onChange,
  disabled,
  demo,
  cardSlot,
}: {
  value: PaymentValues;
  onChange: (v: PaymentValues) => void;
  disabled: boolean;
  demo: boolean;
  /** The provider's own card form in place of the card inputs (Stripe Elements, decision 042). */
  cardSlot?: ReactNode;
}) {
  const { t } = useTranslation('bookings');
  const name = useId();
  const set = (patch: Partial<PaymentValues>) => onChange({ ...value, ...patch });
  return (
    <div className="space-y-4">
      {demo && (
        <div className="flex gap-2 rounded-lg border border-warning-500/40 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/20 dark:text-amber-100">
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{t('payment.demoTitle')}</p>
            <p>{value.method === 'card' ? t('payment.demoCard') : t('payment.demoWallet')}</p>
          </div>
        </div>
      )}
      <fieldset disabled={disabled}>
        <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">{t('payment.method')}</legend>
        <div className="mt-1.5 grid grid-cols-3 gap-2">
          {METHOD_ORDER[currentLocale()].map((key) => {
            const Icon = ICONS[key];
            return (
              <label
                key={key}
                className={cn(
                  'relative flex min-h-16 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border px-2 py-2 text-center text-sm transition',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-500 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
                  value.method === key
                    ? 'border-primary-600 bg-primary-50 font-semibold text-primary-800 dark:border-primary-400 dark:bg-primary-900/40 dark:text-primary-100'
                    : 'border-stone-300 bg-white hover:border-primary-400 dark:border-stone-700 dark:bg-stone-900',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={key}
                  checked={value.method === key}
                  onChange={() => set({ method: key })}
                  className="sr-only"
                />
                <Icon className="h-5 w-5" aria-hidden />
                <span className="leading-tight">{t(`payment.methods.${key}`)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {value.method === 'card' && cardSlot}
      {value.method === 'card' && !cardSlot && (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            wrapperClassName="col-span-2"
            label={t('payment.cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={CARD_NUMBER_MAX}
            value={value.cardNumber}
            disabled={disabled}
            onChange={(e) => set({ cardNumber: formatCardNumber(e.target.value) })}
          />
          <TextField
            label={t('payment.expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('payment.expiryPlaceholder')}
            maxLength={EXPIRY_MAX}
            value={value.expiryDate}
            disabled={disabled}
            onChange={(e) => set({ expiryDate: formatExpiry(e.target.value, value.expiryDate) })}
          />
          <TextField
            label={t('payment.cvv')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={CVV_MAX}
            value={value.cvv}
            disabled={disabled}
            onChange={(e) => set({ cvv: formatCvv(e.target.value) })}
          />
          <TextField
            wrapperClassName="col-span-2"
            label={t('payment.holder')}
            autoComplete="cc-name"
            maxLength={100}
            value={value.cardHolder}
            disabled={disabled}
            onChange={(e) => set({ cardHolder: e.target.value })}
          />
        </div>
      )}
      {value.method === 'alipay' && (
        <TextField
          label={t('payment.alipayAccount')}
          hint={t('payment.alipayHint')}
          autoComplete="email"
          maxLength={100}
          value={value.alipayAccount}
          disabled={disabled}
          onChange={(e) => set({ alipayAccount: e.target.value })}
        />
      )}
      {value.method === 'wechat' && (
        <TextField
          label={t('payment.wechatId')}
          hint={t('payment.wechatHint')}
          autoComplete="off"
          maxLength={100}
          value={value.wechatId}
          disabled={disabled}
          onChange={(e) => set({ wechatId: e.target.value })}
        />
      )}
    </div>
  );
}
