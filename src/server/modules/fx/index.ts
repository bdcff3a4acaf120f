import type { FxRate } from '../../../shared/currency';
import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import { ecbFeed } from './ecb-feed';
import { fxRoutes } from './fx.routes';
import { FX_FETCH_JOB, FxRates, type FxAdminAlert } from './fx.service';

export { crossRate, ecbFeed, parseEcbRates, type FxFeed } from './ecb-feed';
export { feedDayAt, FX_FETCH_JOB, FxRates, LATE_AFTER_DAYS, type FxAdminAlert } from './fx.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Yen per yuan (decision 165): modules are handed `current` by compose.ts; tests read it here and swap its feed.
     */
    fx: FxRates;
  }
}

/** What the exchange-rate module is built from (compose.ts). */
export interface FxNeeds {
  jobs: JobRunner;
  admins: FxAdminAlert;
  now: () => Date;
}

/** The rate now, as other modules are handed it: a quote or a booking prices at what this answers. */
export type CurrentRate = () => Promise<FxRate>;

/**
 * Yen per yuan (decision 165): FX_PROVIDER's rate behind `current`, the ECB feed's daily read on the
 * job runner (queued by its sweep, one per day across instances), the public and admin routes.
 */
export function registerFx(app: AppInstance, needs: FxNeeds): { current: CurrentRate; rates: FxRates } {
  const settings = app.ctx.config.fx;
  const rates = new FxRates(
    {
      db: app.ctx.database.db,
      provider: settings.provider,
      fixedRate: settings.jpyPerCny,
      admins: needs.admins,
      log: app.log,
      now: needs.now,
    },
    settings.provider === 'ecb' ? ecbFeed({ url: settings.ecbUrl }) : null,
  );
  needs.jobs.sweep((now) => rates.sweep(now));
  needs.jobs.register(FX_FETCH_JOB, (job, now) => rates.fetch(job, now));
  app.decorate('fx', rates);
  fxRoutes(app, rates);
  return { current: () => rates.current(), rates };
}
