import type { AppInstance } from '../../lib/types';
import type { Operator } from '../../operator';
import type { BookingsService } from '../bookings/index';
import type { CurrentRate } from '../fx/index';
import type { PaymentRates } from '../guides/index';
import { channelRoutes } from './channels.routes';
import { Channels } from './channels.service';
import { octoRoutes } from './octo.routes';
import { OctoService } from './octo.service';

export { OCTO_REQUESTS_PER_MINUTE } from './octo.routes';

/** What the OCTO module is built from (compose.ts). */
export interface OctoNeeds {
  now: () => Date;
  /** The checkout's free start times: OCTO's availability is the slots' rule (decision 201). */
  bookings: Pick<BookingsService, 'slots' | 'slotsOfDays' | 'now'>;
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
  await octoRoutes(app, { channels, octo });
  return channels;
}
