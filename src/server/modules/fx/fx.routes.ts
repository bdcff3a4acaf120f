import { adminFxSchema, fxRateSchema, setFxRateBodySchema } from '../../../shared/schemas/fx';
import { errorBodySchema } from '../../../shared/schemas/common';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { FxRates } from './fx.service';

const security = [{ bearerAuth: [] }];

/** Yen per yuan (decision 165): the rate anyone reads, and the admin console's view and fixed rate. */
export function fxRoutes(app: AppInstance, fx: FxRates): void {
  app.get(
    '/api/v2/fx/rate',
    {
      schema: {
        tags: ['fx'],
        summary:
          'Yen per yuan now: the rate quotes and bookings are priced at, the day it is the reference for and where it came from (fixed, admin or ecb)',
        response: { 200: fxRateSchema },
      },
    },
    async () => fx.current(),
  );
  const admin = { onRequest: app.requireAdmin };
  app.get(
    '/api/admin/fx',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'Admin: the exchange rate in use, the rates kept with their days and sources (newest first), and the ECB feed’s latest failure',
        security,
        response: { 200: adminFxSchema },
      },
    },
    async () => fx.overview(),
  );
  app.put(
    '/api/admin/fx/rate',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'Admin: set the fixed rate, yen per yuan, dated today in Japan (audited); 400 validation_failed for a rate outside 1–1000 or with more than six decimals; 409 rate_from_feed under FX_PROVIDER=ecb',
        security,
        body: setFxRateBodySchema,
        response: { 200: adminFxSchema, 409: errorBodySchema },
      },
    },
    async (request) => fx.setFixed(currentUser(request), request.body.jpyPerCny),
  );
}
