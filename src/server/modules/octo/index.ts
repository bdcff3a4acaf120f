import type { AppInstance } from '../../lib/types';
import type { Operator } from '../../operator';
import type { BookingsService } from '../bookings/index';
import type { CurrentRate } from '../fx/index';
import type { PaymentRates } from '../guides/index';
import { channelRoutes } from './channels.routes';
import { Channels } from './channels.service';
import { octoRoutes } from './octo.routes';
import { OctoReservations } from './octo-reservations';
import { OctoService } from './octo.service';
import type { SmsSender } from '../sms/index';
import type { JobRunner } from '../../jobs/index';
import { OctoNotices } from './octo-notices';

export { OCTO_REQUESTS_PER_MINUTE } from './octo-http';
/** A reseller's booking as OCTO answers it, by our booking id (decision 202): what a webhook sends. */
export { octoBookingOf } from './octo-reservations';

/** What the OCTO module is built from (compose.ts). */
export interface OctoNeeds {
  now: () => Date;
  /** The checkout's free start times: OCTO's availability is the slots' rule (decision 201). */
  bookings: Pick<BookingsService, 'slots' | 'slotsOfDays' | 'now' | 'create' | 'onAccount'>;
  /** The traveler's confirmation of a reseller's booking: mail through the outbox, or a text (decision 202). */
  jobs: Pick<JobRunner, 'soon'>;
  sms: SmsSender;
  fx: CurrentRate;
  rates: PaymentRates;
  operator: Operator;
}

/**
 * Selling our guides through resellers (decision 201): the admin's resellers and their keys, and the OCTO
 * supplier API at /api/octo.
 */
export async function registerOcto(app: AppInstance, needs: OctoNeeds): Promise<Channels> {
  const db = app.ctx.database.db;
  const channels = new Channels({ db, now: needs.now });
  channelRoutes(app, channels);
  const { appUrl } = app.ctx.config;
  const octo = new OctoService({
    db,
    bookings: needs.bookings,
    fx: needs.fx,
    rates: needs.rates,
    operator: needs.operator,
    endpoint: `${appUrl}/api/octo`,
    website: appUrl,
  });
  const notices = new OctoNotices({ db, jobs: needs.jobs, sms: needs.sms, log: app.log });
  const reservations = new OctoReservations({
    db,
    bookings: needs.bookings,
    octo,
    confirmed: (bookingId) => notices.confirmed(bookingId),
  });
  await octoRoutes(app, { channels, octo, reservations });
  return channels;
}
