import { auditListSchema, auditQuerySchema } from '../../../shared/schemas/audit';
import { errorBodySchema } from '../../../shared/schemas/common';
import type { AppInstance } from '../../lib/types';
import { listAdminActions } from './audit.repository';

/** The admin audit log, read-only. There is no route that changes an entry. */
export function auditRoutes(app: AppInstance): void {
  app.get(
    '/api/admin/audit-log',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Admin: the audit log of admin actions, newest first (who, what, on which record, when, before and after); filter by record or admin, page with `before`',
        security: [{ bearerAuth: [] }],
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const rows = await listAdminActions(app.ctx.database.db, request.query);
      const page = rows.slice(0, request.query.limit);
      return {
        entries: page.map(({ entry, username }) => ({
          id: entry.id,
          admin: { id: entry.adminUserId, username },
          action: entry.action,
          entityType: entry.entityType,
          entityId: entry.entityId,
          before: entry.before,
          after: entry.after,
          note: entry.note,
          createdAt: entry.createdAt.toISOString(),
        })),
        nextBefore: rows.length > request.query.limit ? page[page.length - 1]!.entry.id : null,
      };
    },
  );
}
