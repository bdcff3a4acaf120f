/**
 * On tour (docs/rules/booking-lifecycle.md): confirming the start and extensions, the bodies and replies of their
 * routes.
 */
import { z } from 'zod';
import { bookingSchema } from './bookings';
import { paymentMethodSchema } from './payments';

/** PATCH /api/bookings/{id}/confirm-start and …/confirm-extension: the caller's side. */
export const userTypeBodySchema = z.object({ userType: z.enum(['traveler', 'guide']) });

/**
 * POST /api/bookings/{id}/request-extension. `extensionPrice` is accepted for the client
 * SPEC describes and ignored: the server computes the fee (docs/rules/money-and-cancellation.md).
 */
export const requestExtensionBodySchema = z.object({
  extensionHours: z.union([z.literal(0.25), z.literal(0.5), z.literal(1), z.literal(2)]),
  extensionPrice: z.number().optional(),
});

export const extensionDetailsSchema = z.object({ hours: z.number(), price: z.number(), priceCents: z.number().int() });
export const requestExtensionReplySchema = bookingSchema.extend({ extensionDetails: extensionDetailsSchema });
export type RequestExtensionReply = z.infer<typeof requestExtensionReplySchema>;

/**
 * PATCH /api/bookings/{id}/extension-payment: marks the open extension paid. The server
 * believes only its own payment record: `transactionData.transactionId` is the id of the payment made
 * through POST /api/v2/bookings/{id}/payments {kind: 'extension'}, and it must have succeeded.
 */
export const extensionPaymentBodySchema = z.object({
  paid: z.boolean(),
  paymentMethod: paymentMethodSchema,
  transactionData: z.object({
    transactionId: z.string().trim().min(1).max(100),
    transactionTime: z.string().max(40).optional(),
    amount: z.number().optional(),
    currency: z.string().max(8).optional(),
    paymentMethod: paymentMethodSchema.optional(),
    status: z.string().max(40).optional(),
  }),
  paymentDetails: z
    .object({
      lastFourDigits: z
        .string()
        .regex(/^\d{4}$/)
        .optional(),
      cardHolder: z.string().max(100).optional(),
      account: z.string().max(100).optional(),
      wechatId: z.string().max(100).optional(),
    })
    .optional(),
});
export type ExtensionPaymentBody = z.infer<typeof extensionPaymentBodySchema>;
