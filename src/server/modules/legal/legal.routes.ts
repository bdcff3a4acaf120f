import { CURRENT_LEGAL_VERSIONS, LEGAL_KINDS, LEGAL_PATHS, legalAskedAt } from '../../../shared/legal/documents';
import { LEGAL_TEXTS_EN } from '../../../shared/legal/texts-en';
import { LEGAL_TEXTS_JA } from '../../../shared/legal/texts-ja';
import { LEGAL_TEXTS_ZH_CN } from '../../../shared/legal/texts-zh-CN';
import { errorBodySchema } from '../../../shared/schemas/common';
import {
  legalDocumentsReplySchema,
  myConsentsReplySchema,
  recordConsentsBodySchema,
} from '../../../shared/schemas/legal';
import { namedLanguage } from '../../lib/request-language';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import { myConsents, recordConsents } from './consents.service';

const security = [{ bearerAuth: [] }];

// Built once: the documents change only with a new release.
const documents = LEGAL_KINDS.map((kind) => ({
  kind,
  ...CURRENT_LEGAL_VERSIONS[kind],
  path: LEGAL_PATHS[kind],
  askedAt: legalAskedAt(kind),
  body: { en: LEGAL_TEXTS_EN[kind], 'zh-CN': LEGAL_TEXTS_ZH_CN[kind], ja: LEGAL_TEXTS_JA[kind] },
}));

export function legalRoutes(app: AppInstance): void {
  app.get(
    '/api/legal/documents',
    {
      schema: {
        tags: ['legal'],
        summary: 'The current terms of service, privacy policy, cross-border transfer notice and sensitive-data notice',
        description:
          'Each with its version, the day it applies from, where it is asked for (askedAt: signup, or identity — only before identity documents are uploaded, decision 131) and its text (Markdown) in English, Simplified Chinese and Japanese (decision 123).',
        response: { 200: legalDocumentsReplySchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send({ documents }),
  );

  app.get(
    '/api/me/consents',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: "The signed-in user's consents, and the documents whose current version still needs one",
        description:
          'needed lists the sign-up kinds whose current version the user has not consented to; the web app asks before it continues (decision 124). ' +
          'The sensitive-data notice (askedAt identity) is never in needed: identity verification asks for it before the first upload (decision 131).',
        security,
        response: { 200: myConsentsReplySchema, 401: errorBodySchema },
      },
    },
    async (request) => myConsents(app.ctx.database.db, currentUser(request).id),
  );

  app.post(
    '/api/me/consents',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['me'],
        summary: 'Consent to the current version of one or more documents',
        description:
          'Records each consent with the time, the interface language (body.locale, else Accept-Language) and the client address. ' +
          'A version that is not the current one is 400 consent_version_not_current.',
        security,
        body: recordConsentsBodySchema,
        response: { 200: myConsentsReplySchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const db = app.ctx.database.db;
      const userId = currentUser(request).id;
      const locale =
        request.body.locale ?? namedLanguage({ acceptLanguage: request.headers['accept-language'] }) ?? null;
      await recordConsents(db, userId, request.body.consents, { locale, ip: request.ip });
      return myConsents(db, userId);
    },
  );
}
