import { errorBodySchema } from '../../../shared/schemas/common';
import {
  mePhoneVerifyBodySchema,
  phoneStartBodySchema,
  phoneStartReplySchema,
  phoneVerifyBodySchema,
} from '../../../shared/schemas/phone';
import { authReplySchema, userSchema } from '../../../shared/schemas/user';
import { requestLanguage } from '../../lib/request-language';
import type { AppInstance } from '../../lib/types';
import { clientInfo, currentUser, requireRecentProof } from '../auth/index';
import { findUserById } from '../users/index';
import type { PhoneSignIn } from './phone.service';
import type { WayInNotices } from './way-in-notices';

const security = [{ bearerAuth: [] }];
const startErrors = { 400: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema };
const numberRules =
  'phone: a mobile number in E.164 (+8613800138000), else 400 invalid_phone; of a country in SMS_COUNTRIES, else 400 unsupported_country. ';
const limits =
  'At most one code a minute, 5 an hour and 10 a day per number, 10 an hour per client address, and SMS_MAX_PER_HOUR for everyone: ' +
  'beyond them 429 retry_later with Retry-After. A provider that fails is 503 unavailable (ask again). ';
const proofRule =
  'Needs a proof given on this session within 10 minutes (POST /api/me/reauth, or a sign-in): else 403 reauth_required. ';
const codeRules =
  'code: the 6 digits sent, good for 5 minutes and 5 tries. A wrong code is 400 invalid_code; the sixth try, an expired code or one already used is 400 code_expired (ask for a new one). ';

/** Sign-in by phone and adding a number to an account (decision 147). */
export function phoneRoutes(app: AppInstance, phone: PhoneSignIn, wayIns: WayInNotices): void {
  const proof = requireRecentProof(app);
  phoneSignInRoutes(app, phone);
  accountPhoneRoutes(app, phone, wayIns, proof);
}

/** Signing in (or up) with a phone: a code sent, then checked. */
function phoneSignInRoutes(app: AppInstance, phone: PhoneSignIn): void {
  app.post(
    '/api/auth/phone/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a sign-in code to a phone number by text message',
        description:
          numberRules +
          "Answers 202 whether or not the number has an account (no one learns whose number it is). The message is in the account's language, else the request's. " +
          limits,
        body: phoneStartBodySchema,
        response: { 202: phoneStartReplySchema, ...startErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await phone.start(
            request.body.phone,
            clientInfo(request),
            requestLanguage(undefined, request.headers['accept-language']),
          ),
        ),
  );

  app.post(
    '/api/auth/phone/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in, or sign up, with the code sent to a phone number',
        description:
          numberRules +
          codeRules +
          'Signs in the account holding the number (200, as login answers; 403 account_suspended). A number without an account makes a traveler account ' +
          '(201) with a generated username (never shown to other people) and no e-mail or password; it needs consents for the sign-up documents at their current versions ' +
          'and `fullName`, the name other people see: without the consents 403 consent_required (fields name the missing ones, and body.fullName when it is missing too; ' +
          'the code stays good for the answer with them), with them but no name 400 validation_failed on body.fullName, a protected title in the name 400 protected_title, ' +
          'a stale version 400 consent_version_not_current.',
        body: phoneVerifyBodySchema,
        response: { 200: authReplySchema, 201: authReplySchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { created, reply: auth } = await phone.verify(request.body, clientInfo(request));
      return reply.status(created ? 201 : 200).send(auth);
    },
  );
}

/** A phone added to a signed-in account, after a recent proof, and its ways in told. */
function accountPhoneRoutes(
  app: AppInstance,
  phone: PhoneSignIn,
  wayIns: WayInNotices,
  proof: ReturnType<typeof requireRecentProof>,
): void {
  app.post(
    '/api/me/phone/start',
    {
      onRequest: app.requireAuth,
      preHandler: proof,
      schema: {
        tags: ['me'],
        summary: 'Send a code to the phone number the account wants to add or change to',
        description: numberRules + proofRule + "The message is in the account's language. " + limits,
        security,
        body: phoneStartBodySchema,
        response: { 202: phoneStartReplySchema, ...startErrors, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await phone.startForAccount(
            currentUser(request).id,
            request.body.phone,
            clientInfo(request),
            requestLanguage(undefined, request.headers['accept-language']),
          ),
        ),
  );

  app.post(
    '/api/me/phone/verify',
    {
      onRequest: app.requireAuth,
      preHandler: proof,
      schema: {
        tags: ['me'],
        summary: "Set the account's phone number with the code sent to it",
        description:
          numberRules +
          codeRules +
          proofRule +
          'Afterwards the account signs in by password or by this number alike. A number another account holds is 409 phone_taken (told only to whoever has its code). ' +
          "The account's e-mail address and its phone before the change are told (decision 183).",
        security,
        body: mePhoneVerifyBodySchema,
        response: {
          200: userSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const before = await findUserById(app.ctx.database.db, currentUser(request).id);
      const user = await phone.verifyForAccount(currentUser(request).id, request.body);
      if (before) await wayIns.tell(before, 'phone');
      return user;
    },
  );
}
