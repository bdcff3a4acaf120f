import { z } from 'zod';
import { SAVED_GUIDES_PAGE_SIZE } from '../../../shared/price-range';
import { idParam } from '../../../shared/schemas/common';
import { pagingQuerySchema, savedGuidesReplySchema } from '../../../shared/schemas/guides';
import { notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { currentUser, type AuthUser } from '../auth/index';
import { readerTextLanguage } from '../../lib/request-language';
import { toSummaries, withBioTranslations } from '../guides/index';
import type { Translations } from '../translation/index';
import { guideForSaving, listSaved, saveGuide, unsaveGuide } from './saved-guides.repository';

const bearer = [{ bearerAuth: [] }];
const savedReply = z.object({ guideId: z.number().int(), saved: z.boolean() });

/** Another traveler's list is a 404, the same as a list that does not exist. */
function ownList(user: AuthUser, travelerId: number): void {
  if (user.id !== travelerId) throw notFound('Saved guides');
}

export function savedGuidesRoutes(app: AppInstance, needs: { translations: Translations }): void {
  const db = () => app.ctx.database.db;

  app.get(
    '/api/travelers/:id/saved-guides',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['saved-guides'],
        summary: "The caller's saved guides, newest first (6 per page)",
        security: bearer,
        params: z.object({ id: idParam }),
        querystring: pagingQuerySchema(SAVED_GUIDES_PAGE_SIZE),
        response: { 200: savedGuidesReplySchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      ownList(user, request.params.id);
      const { page, limit } = request.query;
      const { rows, total } = await listSaved(db(), user.id, page, limit);
      const lang = readerTextLanguage(request);
      const cards = await toSummaries(db(), rows, user, lang);
      return {
        data: needs.translations.enabled ? await withBioTranslations(needs.translations, cards, lang) : cards,
        total,
        page,
        limit,
      };
    },
  );

  app.post(
    '/api/travelers/:id/saved-guides/:guideId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['saved-guides'],
        summary: 'Save a guide (empty body; saving twice is harmless)',
        security: bearer,
        params: z.object({ id: idParam, guideId: idParam }),
        response: { 201: savedReply },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      ownList(user, request.params.id);
      const guide = await guideForSaving(db(), request.params.guideId);
      // Unlisted guides cannot be saved, and a guide never sees (or saves) their own listing.
      if (!guide || guide.status !== 'active' || guide.userId === user.id) throw notFound('Guide');
      await saveGuide(db(), user.id, guide.id);
      return reply.status(201).send({ guideId: guide.id, saved: true });
    },
  );

  app.delete(
    '/api/travelers/:id/saved-guides/:guideId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['saved-guides'],
        summary: 'Remove a saved guide (removing one that is not saved is harmless)',
        security: bearer,
        params: z.object({ id: idParam, guideId: idParam }),
        response: { 200: savedReply },
      },
    },
    async (request) => {
      const user = currentUser(request);
      ownList(user, request.params.id);
      await unsaveGuide(db(), user.id, request.params.guideId);
      return { guideId: request.params.guideId, saved: false };
    },
  );
}
