/**
 * The payment providers' webhooks, apart from the bookings' routes: they read the raw body for its signature, in a
 * scope of their own.
 */
import { errorBodySchema } from '../../../shared/schemas/common';
import { webhookReplySchema } from '../../../shared/schemas/payments';
import { AppError, notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { SimulatedProvider, type PaymentProvider } from '../payments/index';
import type { BookingsService } from './bookings.service';

/** The payment providers' webhooks. */
export function webhookRoutes(app: AppInstance, service: BookingsService, provider: PaymentProvider): void {
  // Webhooks need the raw body for their signature: a raw-body parser in this scope only.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const webhook = (name: PaymentProvider['name']) =>
      scope.post(
        `/api/v2/payments/webhooks/${name}`,
        {
          schema: {
            tags: ['payments'],
            summary:
              name === 'stripe'
                ? 'Stripe webhook (verified with the Stripe-Signature header on the raw body)'
                : 'Simulated provider webhook: the demo approval page posts {type, ref} signed with X-Simulated-Signature',
            response: { 200: webhookReplySchema, 404: errorBodySchema, 409: errorBodySchema },
          },
        },
        async (request) => {
          if (provider.name !== name) throw notFound('Webhook');
          const event = provider.verifyWebhook(typeof request.body === 'string' ? request.body : '', request.headers);
          // The demo approval page is the simulated provider's own page: its approval is the provider's record
          // too, and a charge it can no longer approve (cancelled for a newer attempt) is refused, uncharged.
          if (
            provider instanceof SimulatedProvider &&
            event.type === 'payment.succeeded' &&
            !(await provider.approved(event.providerRef))
          ) {
            throw new AppError(
              'payment_canceled',
              'This payment was cancelled when a newer payment of the booking was started; nothing was charged',
            );
          }
          await service.payments.webhook(event);
          return { received: true };
        },
      );
    webhook('simulated');
    webhook('stripe');
  });
}
