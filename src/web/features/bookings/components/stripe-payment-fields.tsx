import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { AlertCircle, ExternalLink, Lock } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { CreatePaymentBody, PaymentReply } from '../../../../shared/schemas/payments';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { getBooking } from '../api/get-booking';
import { formatMoney } from '../../../../shared/money-format';
import type { ConfirmOutcome } from '../lib/settle-payment';
import { confirmCard, leaveForPayment, loadStripeClient, PAYMENT_POLL_MS, wechatQrImage } from '../lib/stripe-client';
import { PaymentFields, paymentBody, type PaymentValues } from './payment-fields';
import { Sheet } from '../../../components/ui/sheet';

/** What the checkout calls after the server created the PaymentIntent (decision 042). */
export interface StripePaymentHandle {
  confirm(reply: PaymentReply): Promise<ConfirmOutcome>;
}

/**
 * The request body with the stripe provider: a card is `{kind, method: 'card'}` only (the card itself
 * goes from Stripe Elements to Stripe); Alipay and WeChat Pay send the API's fields as with the demo.
 */
export function stripePaymentBody(v: PaymentValues, kind: CreatePaymentBody['kind'] = 'deposit'): CreatePaymentBody {
  return v.method === 'card' ? { kind, method: 'card' } : { ...paymentBody(v), kind };
}

/**
 * The payment form with the stripe provider (the deposit at checkout, and an extension on tour): the same method choice
 * and wallet fields as the demo form, but the card is typed into Stripe Elements (loaded lazily from js.stripe.com)
 * plus the name on the card. `confirm` finishes what the server started: a card is confirmed with Stripe.js
 * (3-D Secure included), Alipay leaves for its approval page (back to /payment-success), WeChat Pay
 * shows the QR code of next_action and waits for the webhook by polling the booking.
 */
export function StripePaymentFields({
  ref,
  publishableKey,
  value,
  onChange,
  disabled,
  onCardComplete,
  onPaid,
  onFailed,
}: {
  ref?: Ref<StripePaymentHandle>;
  publishableKey: string;
  value: PaymentValues;
  onChange: (v: PaymentValues) => void;
  disabled: boolean;
  /** The card element is complete and valid (the name on the card is checked by the form). */
  onCardComplete: (complete: boolean) => void;
  /**
   * WeChat Pay's QR code was paid (the webhook landed): the deposit confirmed the booking, or the extension's payment
   * succeeded.
   */
  onPaid: (booking: Booking) => void;
  onFailed: () => void;
}) {
  const { t } = useTranslation('payments');
  const card = useRef<{ stripe: Stripe; element: StripeCardElement } | null>(null);
  const [qr, setQr] = useState<QrState | null>(null);

  useImperativeHandle(
    ref,
    () => ({
      async confirm(reply) {
        const secret = reply.payment.clientSecret;
        if (!secret) return { kind: 'failed', code: 'no_client_secret' };
        if (reply.payment.method === 'card') {
          if (!card.current) return { kind: 'network' };
          return confirmCard(card.current.stripe, secret, card.current.element, value.cardHolder.trim());
        }
        if (reply.payment.method === 'alipay') {
          if (!reply.payment.approvalUrl) return { kind: 'failed', code: 'no_redirect' };
          leaveForPayment(reply.payment.approvalUrl);
          return { kind: 'handled' };
        }
        const stripe = await loadStripeClient(publishableKey).catch(() => null);
        const image = stripe ? await wechatQrImage(stripe, secret) : null;
        setQr({
          bookingId: reply.booking.id,
          paymentId: reply.payment.id,
          kind: reply.payment.kind,
          amountCents: reply.payment.amountCents,
          currency: reply.payment.currency,
          image,
          page: reply.payment.approvalUrl,
        });
        return { kind: 'handled' };
      },
    }),
    [publishableKey, value.cardHolder],
  );

  const note = value.method === 'alipay' ? t('wallet.alipay') : value.method === 'wechat' ? t('wallet.wechat') : null;
  return (
    <>
      <PaymentFields
        value={value}
        onChange={onChange}
        disabled={disabled}
        demo={false}
        cardSlot={
          <StripeCardField
            publishableKey={publishableKey}
            holder={value.cardHolder}
            onHolderChange={(cardHolder) => onChange({ ...value, cardHolder })}
            disabled={disabled}
            onReady={(c) => (card.current = c)}
            onComplete={onCardComplete}
          />
        }
      />
      {note && <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">{note}</p>}
      {qr && (
        <WechatQrSheet
          qr={qr}
          onClose={() => setQr(null)}
          onPaid={(b) => {
            setQr(null);
            onPaid(b);
          }}
          onFailed={() => {
            setQr(null);
            onFailed();
          }}
        />
      )}
    </>
  );
}

interface QrState {
  bookingId: number;
  paymentId: number;
  kind: PaymentReply['payment']['kind'];
  /** In `currency`, what the payment charges (decision 164). */
  amountCents: number;
  currency: PaymentReply['payment']['currency'];
  image: string | null;
  page: string | null;
}

/** Stripe Elements' card field (number, expiry, CVC in Stripe's frame) and the name on the card. */
function StripeCardField({
  publishableKey,
  holder,
  onHolderChange,
  disabled,
  onReady,
  onComplete,
}: {
  publishableKey: string;
  holder: string;
  onHolderChange: (v: string) => void;
  disabled: boolean;
  onReady: (card: { stripe: Stripe; element: StripeCardElement } | null) => void;
  onComplete: (complete: boolean) => void;
}) {
  const { t } = useTranslation(['payments', 'bookings']);
  const labelId = useId();
  const errorId = useId();
  const mount = useRef<HTMLDivElement>(null);
  const element = useRef<StripeCardElement | null>(null);
  const ready = useEffectEvent(onReady);
  const completed = useEffectEvent(onComplete);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [focused, setFocused] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const locale = currentLocale();
  const initiallyDisabled = useRef(disabled);

  useEffect(() => {
    let cancelled = false;
    let created: StripeCardElement | null = null;
    loadStripeClient(publishableKey).then(
      (stripe) => {
        if (cancelled) return;
        if (!stripe || !mount.current) return setState('failed');
        created = stripe.elements({ locale: locale === 'zh-CN' ? 'zh' : locale }).create('card', {
          hidePostalCode: true,
          disabled: initiallyDisabled.current,
          style: {
            base: { fontSize: '16px', color: '#1c1917', '::placeholder': { color: '#a8a29e' } },
            invalid: { color: '#b91c1c' },
          },
        });
        created.on('change', (e) => {
          setError(e.error?.message);
          completed(e.complete && !e.error);
        });
        created.on('focus', () => setFocused(true));
        created.on('blur', () => setFocused(false));
        created.mount(mount.current);
        element.current = created;
        setState('ready');
        ready({ stripe, element: created });
      },
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
      created?.destroy();
      element.current = null;
      ready(null);
      completed(false);
    };
  }, [publishableKey, locale, attempt]);

  useEffect(() => {
    element.current?.update({ disabled });
  }, [disabled]);

  return (
    <div className="grid gap-3">
      <div>
        <p id={labelId} className="text-sm font-medium text-stone-800 dark:text-stone-200">
          {t('card.label')}
        </p>
        <div
          role="group"
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          aria-busy={state === 'loading'}
          className={cn(
            'mt-1.5 min-h-10 rounded-lg border border-stone-300 bg-white px-3 py-2.5 shadow-sm dark:border-stone-700',
            focused && 'border-primary-500 ring-2 ring-primary-500/30',
            error && 'border-danger-600',
            state === 'failed' && 'hidden',
          )}
        >
          <div ref={mount} data-testid="stripe-card-element" />
          {state === 'loading' && <p className="text-sm text-stone-500 dark:text-stone-400">{t('card.loading')}</p>}
        </div>
        {error && (
          <p id={errorId} className="mt-1 text-sm text-danger-600">
            {error}
          </p>
        )}
        {state === 'failed' && (
          <div
            role="alert"
            className="mt-1.5 flex gap-2 rounded-lg border border-danger-600/30 bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100"
          >
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <div>
              <p>{t('card.loadFailed')}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-2"
                onClick={() => {
                  setState('loading');
                  setAttempt((n) => n + 1);
                }}
              >
                {t('card.retry')}
              </Button>
            </div>
          </div>
        )}
        <p className="mt-1.5 flex items-start gap-1.5 text-xs text-stone-500 dark:text-stone-400">
          <Lock className="mt-0.5 h-3 w-3 shrink-0" aria-hidden />
          {t('card.secure')}
        </p>
      </div>
      <TextField
        label={t('bookings:payment.holder')}
        autoComplete="cc-name"
        maxLength={100}
        value={holder}
        disabled={disabled}
        onChange={(e) => onHolderChange(e.target.value)}
      />
    </div>
  );
}

/**
 * WeChat Pay with Stripe: the QR code from the PaymentIntent's next_action, and a wait for the webhook
 * (the booking is polled: a deposit is paid once the booking is confirmed, an extension once its
 * payment succeeded). Closing stops waiting.
 */
function WechatQrSheet({
  qr,
  onClose,
  onPaid,
  onFailed,
}: {
  qr: QrState;
  onClose: () => void;
  onPaid: (booking: Booking) => void;
  onFailed: () => void;
}) {
  const { t } = useTranslation('payments');
  const paid = useEffectEvent(onPaid);
  const failed = useEffectEvent(onFailed);

  useEffect(() => {
    let stopped = false;
    const timer = setInterval(() => {
      getBooking(qr.bookingId).then(
        (b) => {
          if (stopped) return;
          const done =
            qr.kind === 'deposit'
              ? b.status !== 'pending' && b.payments.some((p) => p.kind === 'deposit' && p.status === 'succeeded')
              : b.payments.find((p) => p.id === qr.paymentId)?.status === 'succeeded';
          if (done) {
            stopped = true;
            paid(b);
          } else if (b.payments.find((p) => p.id === qr.paymentId)?.status === 'failed') {
            stopped = true;
            failed();
          }
        },
        () => {},
      );
    }, PAYMENT_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [qr.bookingId, qr.paymentId, qr.kind]);

  return (
    <Sheet
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('qr.title')}
      description={t('qr.description', { amount: formatMoney(qr.amountCents, qr.currency, currentLocale()) })}
      closeLabel={t('qr.close')}
    >
      <div className="flex flex-col items-center gap-4 text-center">
        {qr.image ? (
          <img
            src={qr.image}
            alt={t('qr.alt')}
            width={220}
            height={220}
            className="h-56 w-56 rounded-lg border border-stone-200 bg-white p-2"
          />
        ) : (
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('qr.noImage')}</p>
        )}
        {qr.page && (
          <a
            href={qr.page}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 underline dark:text-primary-300"
          >
            {t('qr.openPage')}
            <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          </a>
        )}
        <p role="status" className="flex items-center gap-2 text-sm text-stone-600 dark:text-stone-400">
          <span
            className="h-4 w-4 animate-spin rounded-full border-2 border-primary-200 border-t-primary-600"
            aria-hidden
          />
          {t('qr.waiting')}
        </p>
      </div>
    </Sheet>
  );
}
