/**
 * The payments API contract: paying a booking's deposit, extension or trip change, the payment in the reply, and
 * the simulated provider's webhook; apart from bookings.ts, whose booking each reply carries.
 */
import { z } from 'zod';
import { bookingPaymentSchema, bookingSchema } from './bookings';

export const paymentMethodSchema = z.enum(['card', 'alipay', 'wechat']);
export type PaymentMethodName = z.infer<typeof paymentMethodSchema>;

const digits = (v: string) => v.replace(/[\s-]/g, '');

/**
 * POST /api/v2/bookings/{id}/payments (the payment form's field names; "complete" as in
 * docs/rules/money-and-cancellation.md). Send an `Idempotency-Key` header: a retry with the same key returns the same
 * result.
 */
export const createPaymentBodySchema = z
  .object({
    /**
     * deposit at checkout; extension the open extension's fee; change the open trip change's difference (decision 177):
     * the server's figures.
     */
    kind: z.enum(['deposit', 'extension', 'change']),
    method: paymentMethodSchema,
    cardNumber: z.string().max(23).optional(),
    expiryDate: z.string().max(5).optional(),
    cvv: z.string().max(4).optional(),
    cardHolder: z.string().trim().max(100).optional(),
    alipayAccount: z.string().trim().max(100).optional(),
    wechatId: z.string().trim().max(100).optional(),
  })
  .superRefine((b, ctx) => {
    const need = (field: keyof typeof b, ok: boolean, message = 'Payment Information Required') => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (b.method === 'card') {
      // No card field at all: the provider's own card form took the card (Stripe Elements, decision 042);
      // the server refuses this with the simulated provider, and refuses card fields with Stripe.
      if (b.cardNumber === undefined && b.expiryDate === undefined && b.cvv === undefined && b.cardHolder === undefined)
        return;
      need('cardNumber', !!b.cardNumber && /^\d{12,19}$/.test(digits(b.cardNumber)));
      need('expiryDate', !!b.expiryDate && /^(0[1-9]|1[0-2])\/\d{2}$/.test(b.expiryDate));
      need('cvv', !!b.cvv && /^\d{3,4}$/.test(b.cvv));
      need('cardHolder', !!b.cardHolder);
    } else if (b.method === 'alipay') {
      need('alipayAccount', !!b.alipayAccount);
    } else {
      need('wechatId', !!b.wechatId);
    }
  });
export type CreatePaymentBody = z.infer<typeof createPaymentBodySchema>;

export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII');

export const paymentSchema = bookingPaymentSchema.extend({
  bookingId: z.number().int(),
  /** Alipay / WeChat Pay: where the traveler approves the payment (the demo page with `simulated`). */
  approvalUrl: z.string().nullable(),
  /** Stripe: the PaymentIntent's client secret for Stripe.js (card details never reach our server). */
  clientSecret: z.string().nullable(),
  failureCode: z.string().nullable(),
  /** True when the provider is the simulated one: the web app labels it as a demo. */
  demo: z.boolean(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentReplySchema = z.object({ payment: paymentSchema, booking: bookingSchema });
export type PaymentReply = z.infer<typeof paymentReplySchema>;

/** The simulated provider's webhook (same path a real provider's takes): signed, see decision 040. */
export const simulatedWebhookBodySchema = z.object({
  type: z.enum(['payment.succeeded', 'payment.failed']),
  ref: z.string().min(1).max(200),
});
export const webhookReplySchema = z.object({ received: z.boolean() });
