import type { JobRunner } from '../../jobs/index';
import { Seal } from '../../lib/seal';
import type { AppInstance } from '../../lib/types';
import type { Operator } from '../../operator';
import type { BookingsService } from '../bookings/index';
import type { CurrentRate } from '../fx/index';
import type { PaymentRates } from '../guides/index';
import type { SmsSender } from '../sms/index';
import { channelRoutes } from './channels.routes';
import { Channels } from './channels.service';
import { octoRoutes } from './octo.routes';
import { OctoReservations } from './octo-reservations';
import { OctoService } from './octo.service';
import { OctoNotices } from './octo-notices';
import { octoBookingOf } from './octo-reservations';
import { AdminWebhooks } from './webhooks-admin';
import { webhooksAdminRoutes } from './webhooks-admin.routes';
import { webhooksRoutes } from './webhooks.routes';
import { OctoWebhooks, WEBHOOK_JOB } from './webhooks.service';

export { OCTO_REQUESTS_PER_MINUTE } from './octo-http';
/** A reseller's booking as OCTO answers it, by our booking id (decision 202): what a webhook sends. */
export { octoBookingOf } from './octo-reservations';

declare module 'fastify' {
  interface FastifyInstance {
    /** A reseller's webhooks (decision 203): tests give it their own `octoBookingOf`. */
    octoWebhooks: OctoWebhooks;
  }
}

/** What the OCTO module is built from (compose.ts). */
export interface OctoNeeds {
  now: () => Date;
  /**
   * The checkout: its free start times (OCTO's availability is the slots' rule, decision 201), its booking made under
   * its lock and booked on account (decision 202), and its events, which the webhooks tell resellers of (decision 203).
   */
  bookings: Pick<BookingsService, 'slots' | 'slotsOfDays' | 'now' | 'create' | 'onAccount' | 'events'>;
  /** The traveler's confirmation of a reseller's booking (mail through the outbox, or a text); the webhooks' jobs. */
  jobs: JobRunner;
  sms: SmsSender;
  fx: CurrentRate;
  rates: PaymentRates;
  operator: Operator;
}

/** A reseller's webhooks: registered through the OCTO API, each change to its bookings delivered by the job runner. */
function registerWebhooks(app: AppInstance, needs: OctoNeeds): OctoWebhooks {
  const { config, database, jwtSecret } = app.ctx;
  const webhooks = new OctoWebhooks({
    db: database.db,
    seal: new Seal(jwtSecret, 'octo-webhook'),
    jobs: needs.jobs,
    rules: { allowHosts: config.octoWebhooks.allowHosts, httpsOnly: config.isProduction },
    octoBookingOf,
    log: app.log,
    now: needs.now,
  });
  needs.jobs.register(WEBHOOK_JOB, (job) => webhooks.run(job));
  webhooks.listen(needs.bookings.events);
  app.decorate('octoWebhooks', webhooks);
  webhooksAdminRoutes(app, new AdminWebhooks({ db: database.db, webhooks }));
  return webhooks;
}

/**
 * Selling our guides through resellers (decision 201): the admin's resellers and their keys, and the OCTO
 * supplier API at /api/octo, with its webhooks (decision 203).
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
  const webhooks = registerWebhooks(app, needs);
  await octoRoutes(app, { channels, octo, reservations, more: (scope) => webhooksRoutes(scope, webhooks) });
  return channels;
}
