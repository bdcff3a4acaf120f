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
 * Test helpers, registered only when NODE_ENV is `test`: the browser tests read the password-reset
 * e-mail from here instead of a real mailbox. Never in development either: a deployment started
 * without NODE_ENV would otherwise hand everyone's reset links to anyone. Developers find the link
 * in the server log.
 */
export function devRoutes(app: AppInstance): void {
  if (app.ctx.config.env !== 'test') return;
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'The latest e-mails in the outbox (NODE_ENV=test only)',
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
