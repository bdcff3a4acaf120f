import { z } from 'zod';
import { LOCALES } from '../../../shared/locales';
import { errorBodySchema, fileReplySchema } from '../../../shared/schemas/common';
import { statementListSchema, statementMonthSchema } from '../../../shared/schemas/statements';
import { requestLanguage } from '../../lib/request-language';
import type { AppInstance } from '../../lib/types';
import { sendPrivateFile } from '../../storage/private-document';
import { currentUser } from '../auth/index';
import type { StatementsService } from './statements.service';

const security = [{ bearerAuth: [] }];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const langSchema = z
  .enum(LOCALES)
  .describe(
    'Language of the statement: en, zh-CN or ja (default: the Accept-Language header, else en); the invoice’s items are in Japanese in every language',
  );

/** The guide's monthly statements and the commission's qualified invoice (decision 127). */
export function statementsRoutes(app: AppInstance, service: StatementsService): void {
  app.get(
    '/api/v2/wallet/statements',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['wallet'],
        summary:
          'The signed-in guide’s monthly statements (Japan time), newest first: balances, earnings, payouts, the commission and its consumption tax',
        description: 'Only months with activity in the ledgers. Travelers 403.',
        security,
        response: { 200: statementListSchema, ...errors },
      },
    },
    async (request) => ({ statements: await service.list(currentUser(request)) }),
  );

  app.get(
    '/api/v2/wallet/statements/:month/pdf',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'A month’s statement with the qualified invoice (適格請求書) for the commission, as an A4 PDF',
        description:
          'Sent as an attachment. The month as yyyy-mm (else 400 validation_failed); a month without activity 404; the month still running 409 month_not_closed; travelers 403. Never cached.',
        security,
        params: z.object({ month: statementMonthSchema }),
        querystring: z.object({ lang: langSchema.optional() }),
        response: { 200: fileReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request.query.lang, request.headers['accept-language']);
      const { body, fileName } = await service.pdf(currentUser(request), request.params.month, lang);
      // Always an attachment: the web app fetches it with the bearer token and saves it.
      return sendPrivateFile(reply, { contentType: 'application/pdf', size: body.length, body, fileName });
    },
  );
}
