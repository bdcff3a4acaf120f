import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import { accountSessionsSchema, sessionIdParamsSchema } from '../../../shared/schemas/sessions';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { currentUser, listLiveSessions, revokeOwnSession } from '../auth/index';

const security = [{ bearerAuth: [] }];

/**
 * The account's sessions (decision 185): each signed-in device, with when it signed in and was last
 * used, and the way to end one — what the notices of a new way in link to (`/profile/sessions`).
 * `realtime` (compose.ts) closes the ended session's live sockets on every instance.
 */
export function sessionsRoutes(app: AppInstance, needs: { realtime: { revalidate(userId: number): void } }): void {
  app.get(
    '/api/me/sessions',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: "The account's signed-in sessions",
        description:
          'Every session not ended and not expired, the most recently used first; `current` marks the one this request came with. `lastSeenAt` is kept to within 5 minutes.',
        security,
        response: { 200: accountSessionsSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const rows = await listLiveSessions(app.ctx.database.db, caller.id);
      return {
        sessions: rows.map((r) => ({
          id: r.id,
          createdAt: r.createdAt.toISOString(),
          lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
          userAgent: r.userAgent,
          current: r.id === caller.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 60, timeWindow: '15 minutes' } },
      schema: {
        tags: ['me'],
        summary: "End one of the account's sessions",
        description:
          'Its token stops working at once and its live connection (WebSocket) is closed. The current session may be ended too (as POST /api/auth/logout). ' +
          "Another account's session, an ended one or an unknown id: 404 not_found.",
        security,
        params: sessionIdParamsSchema,
        response: { 204: z.null(), 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      if (!(await revokeOwnSession(app.ctx.database.db, caller.id, request.params.id)))
        throw new AppError('not_found', 'Session not found');
      // Every instance re-checks this user's sockets and closes the one whose session just ended.
      needs.realtime.revalidate(caller.id);
      return reply.status(204).send(null);
    },
  );
}
