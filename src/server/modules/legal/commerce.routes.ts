import { CANCELLATION_CASES, cancellationRefundRate, refundArrival } from '../../../shared/booking/cancellation-terms';
import { PAYMENT_WINDOW_MINUTES, REQUEST_ANSWER_HOURS } from '../../../shared/booking/schedule';
import { DEFAULT_OFFER_VALID_HOURS, MAX_OFFER_VALID_HOURS } from '../../../shared/offers/offer-rules';
import { commerceDisclosureSchema, type CommerceDisclosure } from '../../../shared/schemas/legal';
import type { AppInstance } from '../../lib/types';
import type { Operator } from '../../operator';

/** What the disclosure is written from (compose.ts): the operator and the rates the bookings charge. */
export interface CommerceNeeds {
  operator: Operator;
  rates: () => { depositRate: number; commissionRate: number };
}

/** A share as a percentage with at most one decimal (a 20 % deposit less 25 % of it back is 15 %). */
const percent = (share: number) => Math.round(share * 1000) / 10;

/**
 * The facts of the commerce disclosure (decision 121). The tiers come from the rates the server
 * cancels with (`cancellationRefundRate`), so the page can never state other numbers than it applies;
 * the fee of a case is what of the deposit is kept, as a share of the tour's total.
 */
export function commerceDisclosure({ operator, rates }: CommerceNeeds): CommerceDisclosure {
  const { depositRate, commissionRate } = rates();
  const card = refundArrival('card');
  const wallet = refundArrival('alipay');
  return {
    operator: { ...operator },
    currency: 'CNY',
    depositRate,
    commissionRate,
    paymentWindowMinutes: PAYMENT_WINDOW_MINUTES,
    requestAnswerHours: REQUEST_ANSWER_HOURS,
    offerValidHours: { default: DEFAULT_OFFER_VALID_HOURS, max: MAX_OFFER_VALID_HOURS },
    refundDays: {
      card: { min: card.minBusinessDays, max: card.maxBusinessDays },
      wallet: { min: wallet.minBusinessDays, max: wallet.maxBusinessDays },
    },
    cancellation: CANCELLATION_CASES.map((c) => {
      const refund = cancellationRefundRate(c);
      return { case: c, refundPercent: percent(refund), feePercentOfTotal: percent((1 - refund) * depositRate) };
    }),
  };
}

export function commerceRoutes(app: AppInstance, needs: CommerceNeeds): void {
  app.get(
    '/api/legal/commerce',
    {
      schema: {
        tags: ['platform'],
        summary:
          'The commerce disclosure (特定商取引法に基づく表記): the operator’s particulars and the money rules this deployment applies',
        response: { 200: commerceDisclosureSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(commerceDisclosure(needs)),
  );
}
