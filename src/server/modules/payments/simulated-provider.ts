import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { simulatedWebhookBodySchema } from '../../../shared/schemas/payments';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  chargeByKey,
  chargeByRef,
  insertChargeOnce,
  settlePendingCharge,
  type SimulatedChargeRow,
} from './simulated-charges.repository';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, WebhookEvent } from './provider';

export const SIMULATED_SIGNATURE_HEADER = 'x-simulated-signature';

function resultOf(row: SimulatedChargeRow): ChargeResult {
  if (row.status === 'succeeded') return { status: 'succeeded', providerRef: row.providerRef };
  if (row.status === 'pending')
    return { status: 'pending', providerRef: row.providerRef, approvalUrl: row.approvalUrl ?? undefined };
  return {
    status: 'failed',
    providerRef: row.providerRef,
    failureCode: row.failureCode ?? 'card_declined',
    message: row.failureMessage ?? 'Your card was declined.',
  };
}

/** Stripe's test cards (docs.stripe.com/testing) and what they do there. */
const TEST_CARDS: Record<string, { ok: true } | { ok: false; code: string; message: string }> = {
  '4242424242424242': { ok: true },
  '5555555555554444': { ok: true },
  '4000056655665556': { ok: true },
  '4000000000000002': { ok: false, code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { ok: false, code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function expired(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split('/').map(Number) as [number, number];
  const endOfMonth = Date.UTC(2000 + yy, mm, 1);
  return endOfMonth <= now.getTime();
}

/**
 * The demo provider: no money moves. Cards behave like Stripe's test cards; Alipay and WeChat Pay
 * wait for an approval on /payment-demo, which posts a signed event to the same webhook route a real
 * provider uses. The signature is an HMAC over `type:ref`, keyed from the app's secret.
 */
export class SimulatedProvider implements PaymentProvider {
  readonly name = 'simulated' as const;
  private readonly key: Buffer;

  /** `db` holds the provider's own record of charges (simulated_charges); without it, only signing works. */
  constructor(
    appSecret: string,
    private readonly db?: Database,
  ) {
    this.key = createHmac('sha256', appSecret).update('tabi-simulated-payments').digest();
  }

  /** Charges once per key, as Stripe does: a repeated key returns the recorded result. */
  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const result = this.decide(req);
    // One statement for a new key: the record is written, or the key's first record is read back.
    const row = await insertChargeOnce(this.records(), {
      idempotencyKey: req.idempotencyKey,
      providerRef: result.providerRef!,
      paymentId: req.paymentId,
      amountCents: req.amountCents,
      method: req.method,
      status: result.status,
      failureCode: result.status === 'failed' ? result.failureCode : null,
      failureMessage: result.status === 'failed' ? result.message : null,
      approvalUrl: result.status === 'pending' ? (result.approvalUrl ?? null) : null,
    });
    if (row) return resultOf(row);
    // A repeated key (or two calls with one key at once): both answer what was recorded first.
    return (await this.findCharge(req.idempotencyKey))!;
  }

  async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    const row = await chargeByKey(this.records(), idempotencyKey);
    return row ? resultOf(row) : null;
  }

  /**
   * A wallet payment approved on /payment-demo: the provider's record says so too. False when the
   * charge can no longer be approved (cancelled by a newer attempt, decision 100, or failed): then it
   * is not charged and no success is reported, as a real wallet refuses a closed payment.
   */
  async approved(providerRef: string): Promise<boolean> {
    const row = await settlePendingCharge(this.records(), providerRef, { status: 'succeeded' });
    return (row ?? (await this.byRef(providerRef)))?.status === 'succeeded';
  }

  /** Cancels a charge still waiting for its approval; one statement, so an approval and a cancel never both win. */
  async cancel(providerRef: string): Promise<ChargeResult> {
    const row = await settlePendingCharge(this.records(), providerRef, {
      status: 'failed',
      failureCode: 'canceled',
      failureMessage: 'The payment was cancelled.',
    });
    const now = row ?? (await this.byRef(providerRef));
    if (!now) throw new AppError('internal', `The simulated provider has no charge ${providerRef}`);
    return resultOf(now);
  }

  private async byRef(providerRef: string) {
    return chargeByRef(this.records(), providerRef);
  }

  private records(): Database {
    if (!this.db) throw new AppError('internal', 'This simulated provider has no database for its records');
    return this.db;
  }

  sign(type: WebhookEvent['type'], ref: string): string {
    return createHmac('sha256', this.key).update(`${type}:${ref}`).digest('hex');
  }

  /** What a charge does: cards like Stripe's test cards, wallets wait for an approval. */
  private decide(req: ChargeRequest): ChargeResult {
    const providerRef = `sim_${req.method}_${randomBytes(12).toString('hex')}`;
    if (req.method !== 'card') {
      const params = new URLSearchParams({
        ref: providerRef,
        method: req.method,
        amount: String(req.amountCents),
        // The amount's currency, so the approval page writes it as charged (a wallet charges yuan).
        currency: req.currency,
        booking: String(req.bookingId),
        payment: String(req.paymentId),
        signature: this.sign('payment.succeeded', providerRef),
      });
      return { status: 'pending', providerRef, approvalUrl: `/payment-demo?${params}` };
    }
    const number = (req.card?.number ?? '').replace(/[\s-]/g, '');
    if (!luhn(number))
      return {
        status: 'failed',
        providerRef,
        failureCode: 'incorrect_number',
        message: 'Your card number is incorrect.',
      };
    if (expired(req.card?.expiryDate ?? '01/00', new Date())) {
      return { status: 'failed', providerRef, failureCode: 'expired_card', message: 'Your card has expired.' };
    }
    const known = TEST_CARDS[number] ?? {
      ok: false,
      code: 'card_declined',
      message: 'Your card was declined. This demo accepts Stripe test cards only.',
    };
    return known.ok
      ? { status: 'succeeded', providerRef }
      : { status: 'failed', providerRef, failureCode: known.code, message: known.message };
  }

  async refund(req: RefundRequest): Promise<{ refundRef: string }> {
    return {
      refundRef: `sim_re_${createHmac('sha256', this.key).update(req.idempotencyKey).digest('hex').slice(0, 24)}`,
    };
  }

  verifyWebhook(rawBody: Buffer | string, headers: Record<string, string | string[] | undefined>): WebhookEvent {
    const header = headers[SIMULATED_SIGNATURE_HEADER];
    const signature = Array.isArray(header) ? header[0] : header;
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString());
    } catch {
      throw new AppError('invalid_signature', 'The webhook is not signed JSON');
    }
    const parsed = simulatedWebhookBodySchema.safeParse(body);
    if (!parsed.success || !signature)
      throw new AppError('invalid_signature', 'The webhook signature is missing or wrong');
    const expected = Buffer.from(this.sign(parsed.data.type, parsed.data.ref));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('invalid_signature', 'The webhook signature is missing or wrong');
    }
    return { id: `${parsed.data.type}:${parsed.data.ref}`, type: parsed.data.type, providerRef: parsed.data.ref };
  }
}
