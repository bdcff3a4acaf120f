import { errorBodySchema } from '../../../shared/schemas/common';
import { guideOverviewSchema } from '../../../shared/schemas/guide-overview';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { GuideOverviewService } from './guide-overview.service';

/** The guide landing page's figures; callers without a guide listing get 403 `not_a_guide`. */
export function guideOverviewRoutes(app: AppInstance, service: GuideOverviewService): void {
  app.get(
    '/api/v2/guides/me/overview',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['guide-business'],
        summary:
          "The caller's week of tours, unread counts, earnings (today, month, year, total; fen), open requests and ratings",
        security: [{ bearerAuth: [] }],
        response: { 200: guideOverviewSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => service.overview(currentUser(request)),
  );
}
