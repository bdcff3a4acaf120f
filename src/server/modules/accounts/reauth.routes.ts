import { errorBodySchema } from '../../../shared/schemas/common';
import { phoneStartReplySchema } from '../../../shared/schemas/phone';
import { reauthBodySchema, reauthReplySchema } from '../../../shared/schemas/reauth';
import { requestLanguage } from '../../lib/request-language';
import type { AppInstance } from '../../lib/types';
import { clientInfo, currentUser } from '../auth/index';
import type { Reauth } from './reauth.service';

const security = [{ bearerAuth: [] }];

/** The proof a session gives before adding or changing a way in (decision 183). */
export function reauthRoutes(app: AppInstance, reauth: Reauth): void {
  codeRoutes(app, reauth);
  app.post(
    '/api/me/reauth',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['me'],
        summary: 'Prove it is the owner: the password, or the code texted to the verified phone',
        description:
          'For 10 minutes afterwards this session may add or change a phone, WeChat, the e-mail address or the password; without it those answer 403 reauth_required. ' +
          'A sign-in counts as a proof too, so a WeChat-only account proves by signing in with WeChat again (the callback then stamps this very session: status `proven`). ' +
          'A wrong password is 400 wrong_password; a wrong code 400 invalid_code; a code spent, expired or tried 5 times 400 code_expired; no verified phone for a code 409 no_verified_phone; a password for an account without one 400 password_not_set.',
        security,
        body: reauthBodySchema,
        response: {
          200: reauthReplySchema,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => reauth.prove(currentUser(request), request.body),
  );
}

/** The codes texted to the verified phone: to prove the owner, and to delete the account (decision 185). */
function codeRoutes(app: AppInstance, reauth: Reauth): void {
  app.post(
    '/api/me/reauth/code',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: "Text a code to the account's verified phone, to prove it is the owner",
        description:
          'For POST /api/me/reauth { code }. No verified phone: 409 no_verified_phone. The limits of the sign-in codes apply (429 retry_later with Retry-After); a provider that fails is 503.',
        security,
        response: {
          202: phoneStartReplySchema,
          401: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await reauth.sendCode(
            currentUser(request),
            clientInfo(request),
            requestLanguage(undefined, request.headers['accept-language']),
          ),
        ),
  );

  app.post(
    '/api/me/delete/code',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: 'Text a code for deleting the account to its verified phone',
        description:
          'For DELETE /api/me { code, confirmation } (decision 185): the text says the code is for deleting the account. No verified phone: 409 no_verified_phone. ' +
          'The limits of the sign-in codes apply (429 retry_later with Retry-After); a provider that fails is 503.',
        security,
        response: {
          202: phoneStartReplySchema,
          401: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await reauth.sendDeletionCode(
            currentUser(request),
            clientInfo(request),
            requestLanguage(undefined, request.headers['accept-language']),
          ),
        ),
  );
}
