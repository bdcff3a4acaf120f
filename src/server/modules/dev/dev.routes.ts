import { z } from 'zod';
import type { AppInstance } from '../../lib/types';
import { latestMails } from '../mail/index';

const outboxEntrySchema = z.object({
  id: z.number(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  template: z.string(),
  status: z.string(),
  createdAt: z.date(),
});

/**
 * Development and test helpers. Registered only when NODE_ENV is not `production`: the browser
 * tests read the password-reset e-mail from here instead of a real mailbox.
 */
export function devRoutes(app: AppInstance): void {
  if (app.ctx.config.isProduction) return;
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'The latest e-mails in the outbox (not in production)',
        querystring: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(50).default(10) }),
        response: { 200: z.object({ data: z.array(outboxEntrySchema) }) },
      },
    },
    async (request) => {
      const rows = await latestMails(app.ctx.database.db, 200);
      const to = request.query.to?.toLowerCase();
      const data = rows.filter((r) => !to || r.toAddress.toLowerCase() === to).slice(0, request.query.limit);
      return { data };
    },
  );
}
