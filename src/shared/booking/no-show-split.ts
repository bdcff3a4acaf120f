/**
 * What a no-show report does with the deposit (decisions 138, 158). Pure, so the server charges and the
 * booking reply announces the same split.
 */
import { cancellationSplit, dayShares, type RefundSplit } from './money-rules';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The deposit's split when a report of the side `absent` ends a booking on its tour day `day`.
 *
 * On the first day (and on a tour of hours) it is decision 138's: a guide absent refunds everything,
 * as a guide's cancellation does; a traveler absent forfeits the deposit by the no-show tier.
 *
 * On a later day of a booking of several days (decision 158) the deposit is taken day by day
 * (`dayShares`). The days before `day` were given: their shares pay the guide less the platform's
 * commission on them, as a completed tour pays its guide (the booking's `commissionCents` shared by
 * day the same way, capped at what those days hold, as `completionPostings` caps a completion's). The
 * days from `day` on were not: by the same rule as on the first day, back to the traveler when the
 * guide was absent, kept by the no-show tier when the traveler was. Either way the traveler gets
 * nothing back for the days given, and everything back for the days a guide missed.
 */
export function noShowSplit(opts: {
  depositCents: number;
  commissionCents: number;
  days: number;
  day: number;
  absent: 'guide' | 'traveler';
  commissionRate?: number;
}): RefundSplit {
  const { depositCents, days, absent, commissionRate } = opts;
  const missed = (cents: number): RefundSplit =>
    absent === 'guide'
      ? cancellationSplit({ depositCents: cents, cancelledBy: 'guide', tier: 'no_show' })
      : cancellationSplit({ depositCents: cents, cancelledBy: 'traveler', tier: 'no_show', commissionRate });
  if (days <= 1 || opts.day <= 1) return missed(depositCents);
  const given = Math.min(opts.day, days) - 1;
  const givenCents = sum(dayShares(depositCents, days).slice(0, given));
  const givenCommission = Math.min(sum(dayShares(opts.commissionCents, days).slice(0, given)), givenCents);
  const rest = missed(depositCents - givenCents);
  return {
    refundCents: rest.refundCents,
    guideCents: givenCents - givenCommission + rest.guideCents,
    platformCents: givenCommission + rest.platformCents,
  };
}
