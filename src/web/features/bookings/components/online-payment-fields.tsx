import { useTranslation } from 'react-i18next';
import type { OnlinePayment } from '../hooks/use-online-payment';
import { PaymentFields } from './payment-fields';
import { StripePaymentFields } from './stripe-payment-fields';

/**
 * The form of a payment after the deposit (`useOnlinePayment`): the provider's (StripePaymentFields,
 * decision 042) or the demo's (PaymentFields), disabled while the payment is sent, and while Stripe's
 * webhook is awaited, a line that says so.
 */
export function OnlinePaymentFields({ payment: p, disabled }: { payment: OnlinePayment; disabled: boolean }) {
  const { t } = useTranslation('payments');
  const { setStripe } = p;
  if (p.confirming) {
    return (
      <div className="space-y-2 text-sm" aria-live="polite">
        <p className="flex items-center gap-2 font-semibold">
          <span
            className="h-4 w-4 animate-spin rounded-full border-2 border-primary-200 border-t-primary-600"
            aria-hidden
          />
          {t('confirming.title')}
        </p>
        <p className="text-stone-600 dark:text-stone-400">{t('confirming.body')}</p>
      </div>
    );
  }
  if (p.stripeKey) {
    return (
      <StripePaymentFields
        ref={setStripe}
        publishableKey={p.stripeKey}
        value={p.values}
        onChange={p.setValues}
        disabled={disabled}
        onCardComplete={p.setCardComplete}
        onPaid={p.wechatPaid}
        onFailed={p.failed}
      />
    );
  }
  return <PaymentFields value={p.values} onChange={p.setValues} disabled={disabled} demo={p.demo} />;
}
