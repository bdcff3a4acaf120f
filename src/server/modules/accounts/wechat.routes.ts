import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import { authReplySchema } from '../../../shared/schemas/user';
import {
  wechatCallbackQuerySchema,
  wechatCallbackReplySchema,
  wechatLinkSchema,
  wechatLinkStartReplySchema,
  wechatSignupBodySchema,
  wechatStartQuerySchema,
} from '../../../shared/schemas/wechat';
import type { AppInstance } from '../../lib/types';
import { clientInfo, currentUser, requireRecentProof } from '../auth/index';
import { findUserById } from '../users/index';
import {
  completeWeChatSignup,
  getWeChatLink,
  startWeChat,
  unlinkWeChat,
  wechatCallback,
  WECHAT_STATE_TTL_MS,
  type WeChatNeeds,
} from './wechat.service';
import type { WayInNotices } from './way-in-notices';

/** The browser's half of the state (decision 148): only this browser's callback can use it. */
const STATE_COOKIE = 'tabi_wechat_state';
const STATE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${STATE_COOKIE}=([A-Za-z0-9_-]+)`);
const DISABLED = 'Without WECHAT_APP_ID: 404 wechat_disabled.';

/**
 * HttpOnly, so no script reads it; SameSite=Lax, so it travels with WeChat's top-level redirect back
 * to the app (Strict would drop it there); Secure when the app is served over https; sent only to the
 * WeChat login's own paths.
 */
function stateCookie(app: AppInstance, value: string, maxAgeSeconds: number): string {
  const secure = app.ctx.config.appUrl.startsWith('https:') ? '; Secure' : '';
  return `${STATE_COOKIE}=${value}; Path=/api/auth/wechat; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

const cookieState = (request: FastifyRequest) => STATE_COOKIE_VALUE.exec(request.headers.cookie ?? '')?.[1];
const setState = (app: AppInstance, reply: FastifyReply, state: string) =>
  reply.header('set-cookie', stateCookie(app, state, WECHAT_STATE_TTL_MS / 1000));

export function wechatRoutes(app: AppInstance, needs: WeChatNeeds & { wayIns: WayInNotices }): void {
  wechatSignInRoutes(app, needs);
  wechatSignupRoute(app, needs);
  wechatLinkRoutes(app);
}

/** Signing in with WeChat: the start, and WeChat's callback. */
function wechatSignInRoutes(app: AppInstance, needs: WeChatNeeds & { wayIns: WayInNotices }): void {
  app.get(
    '/api/auth/wechat/start',
    {
      config: { rateLimit: { max: 60, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Start a WeChat login (302 to WeChat)',
        description:
          "302 to WeChat's QR-code login (`/connect/qrconnect`, scope snsapi_login), or inside WeChat's own browser (User-Agent MicroMessenger) to " +
          '`/connect/oauth2/authorize` with snsapi_userinfo, with a new single-use `state` that is also set in an HttpOnly cookie of this browser. ' +
          `WeChat returns the browser to the web page /auth/wechat, which calls /api/auth/wechat/callback. \`redirect\`: a path of this app to open afterwards. ${DISABLED}`,
        querystring: wechatStartQuerySchema,
        response: { 302: z.null(), 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { url, state } = await startWeChat(app, {
        redirect: request.query.redirect,
        userAgent: request.headers['user-agent'],
      });
      return setState(app, reply, state).redirect(url, 302);
    },
  );

  app.get(
    '/api/auth/wechat/callback',
    {
      config: { rateLimit: { max: 60, timeWindow: '15 minutes' } },
      onRequest: app.optionalAuth,
      schema: {
        tags: ['auth'],
        summary: "Finish a WeChat login with WeChat's code and state",
        description:
          "The state must be the one in this browser's cookie, unused and at most 10 minutes old (400 invalid_state); the code is exchanged at WeChat once " +
          '(a code WeChat refuses — unknown, expired, used: 400 wechat_code_invalid; WeChat unreachable or refusing the app: 502 wechat_unavailable). ' +
          'Answers `signed_in` (as login: token and user) for the account linked to the WeChat unionid, else openid; `consents_needed` with a ' +
          '`signupToken` for a WeChat nobody has linked (POST /api/auth/wechat/signup within 30 minutes creates the account); `linked` for a link ' +
          "started from the settings by the same signed-in account (another WeChat account's link: 409 wechat_taken); `proven` when the account already " +
          'signed in on this browser signs in with its WeChat again: no new session, this one may add a way in or delete the account for 10 minutes (decisions 183, 185). ' +
          DISABLED,
        querystring: wechatCallbackQuerySchema,
        response: {
          200: wechatCallbackReplySchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // The state is spent whatever happens next: the cookie goes with it.
      reply.header('set-cookie', stateCookie(app, '', 0));
      const result = await wechatCallback(
        app,
        {
          code: request.query.code,
          state: request.query.state,
          cookieState: cookieState(request),
          caller: request.user,
        },
        clientInfo(request),
      );
      const linkedTo =
        result.status === 'linked' && request.user
          ? await findUserById(app.ctx.database.db, request.user.id)
          : undefined;
      if (linkedTo) await needs.wayIns.tell(linkedTo, 'wechat');
      return result;
    },
  );
}

/** A new account from WeChat. */
function wechatSignupRoute(app: AppInstance, needs: WeChatNeeds & { wayIns: WayInNotices }): void {
  app.post(
    '/api/auth/wechat/signup',
    {
      config: { rateLimit: { max: 50, timeWindow: '1 hour' } },
      schema: {
        tags: ['auth'],
        summary: 'Create a traveler account for a new WeChat, with the sign-up consents',
        description:
          "The callback's `signupToken` (used once, 30 minutes; else 400 wechat_signup_expired) and every sign-up document at its current version " +
          '(400 consent_version_not_current). The account has a generated username, no password and no e-mail; its name and picture are the ' +
          'WeChat nickname and picture (re-encoded as every avatar). Answers as login does. ' +
          DISABLED,
        body: wechatSignupBodySchema,
        response: {
          201: authReplySchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await completeWeChatSignup(app, needs, request.body, clientInfo(request))),
  );
}

/** WeChat on a signed-in account: linked or not, linking, unlinking. */
function wechatLinkRoutes(app: AppInstance): void {
  app.get(
    '/api/me/wechat',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: 'Whether WeChat is linked to this account',
        security: [{ bearerAuth: [] }],
        response: { 200: wechatLinkSchema, 401: errorBodySchema },
      },
    },
    async (request) => getWeChatLink(app, currentUser(request).id),
  );

  app.post(
    '/api/me/wechat/link',
    {
      onRequest: app.requireAuth,
      preHandler: requireRecentProof(app),
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['me'],
        summary: 'Start linking WeChat to this account',
        description:
          "The WeChat address to open (as /api/auth/wechat/start's 302 gives it), with the state's cookie set on this browser; the callback then " +
          `links the WeChat to this account if the same account is still signed in, and the account's e-mail address and phone are told (decision 183). ` +
          `Needs a proof given on this session within 10 minutes (POST /api/me/reauth, or a sign-in): else 403 reauth_required. ${DISABLED}`,
        security: [{ bearerAuth: [] }],
        response: {
          200: wechatLinkStartReplySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { url, state } = await startWeChat(app, {
        redirect: '/profile',
        userAgent: request.headers['user-agent'],
        linkUserId: currentUser(request).id,
      });
      setState(app, reply, state);
      return { url };
    },
  );

  app.delete(
    '/api/me/wechat',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: 'Unlink WeChat from this account',
        description:
          'Only while the account keeps another way in (a password): else 409 last_sign_in_method. Nothing linked: 404.',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null(), 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await unlinkWeChat(app, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
}
