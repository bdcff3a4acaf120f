import { z } from 'zod';
import {
  checkUsernameQuerySchema,
  checkUsernameReplySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  resetPasswordBodySchema,
  signupBodySchema,
  USERNAME_PATTERN,
} from '../../../shared/schemas/auth';
import { errorBodySchema } from '../../../shared/schemas/common';
import { authReplySchema } from '../../../shared/schemas/user';
import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import { usernameExists } from '../users/index';
import {
  clientInfo,
  currentUser,
  GuardedAttemptStore,
  LoginThrottle,
  RedisAttemptStore,
  type ThrottleLimits,
} from '../auth/index';
import { sessionsRoutes } from './sessions.routes';
import { login, logout, requestPasswordReset, resetPassword, signup, type SignupConsents } from './auth.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

/**
 * What the account flows are built from (compose.ts): the job runner that sends a reset e-mail after its
 * commit, the consent book sign-up records the accepted documents in (decision 124), and the real-time
 * hub that closes the sockets of a session ended on the sessions page (decision 185).
 */
export interface AccountsNeeds {
  jobs: Pick<JobRunner, 'soon'>;
  consents: SignupConsents;
  realtime: { revalidate(userId: number): void };
}

export function authRoutes(
  app: AppInstance,
  { jobs, consents, realtime }: AccountsNeeds,
  opts: { loginLimits?: ThrottleLimits } = {},
): void {
  sessionsRoutes(app, { realtime });
  // With REDIS_URL every instance counts in Redis: a guesser gets the limit once, not once per instance
  // (and while Redis fails, once per instance: decision 101).
  const shared =
    app.redis && app.redisGuard && new GuardedAttemptStore(new RedisAttemptStore(app.redis), app.redisGuard);
  const throttle = new LoginThrottle(opts.loginLimits, shared);
  signInRoutes(app, consents, throttle);
  sessionEndRoutes(app, jobs);
}

/** Signing up, logging in, and whether a username is free. */
function signInRoutes(app: AppInstance, consents: AccountsNeeds['consents'], throttle: LoginThrottle): void {
  app.post(
    '/api/auth/signup',
    {
      config: { rateLimit: { max: 50, timeWindow: '1 hour' } },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and log in',
        description:
          'Usernames are lowercase letters and digits, at least 3, unique case-insensitively; e-mail addresses are unique. ' +
          'fullName must show a visible character (400 validation_failed) and may not carry a protected title (400 protected_title, decision 099). ' +
          'consents: the legal documents accepted, each at its current version (400 consent_version_not_current otherwise), recorded with the time, locale and client address; ' +
          'an account created without them is asked for them in the web app before it continues (decision 124).',
        body: signupBodySchema,
        response: { 201: authReplySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await signup(app, consents, request.body, clientInfo(request))),
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with username (or e-mail) and password',
        description:
          'Repeated failures for one account or from one address are refused with 429 rate_limited for a while.',
        body: loginBodySchema,
        response: { 200: authReplySchema, ...errors, 403: errorBodySchema },
      },
    },
    async (request) => login(app, throttle, request.body, clientInfo(request)),
  );

  app.get(
    '/api/auth/check-username',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Is a username free?',
        querystring: checkUsernameQuerySchema,
        response: { 200: checkUsernameReplySchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const username = request.query.username.trim().toLowerCase();
      if (!USERNAME_PATTERN.test(username)) return { available: false, valid: false };
      return { available: !(await usernameExists(app.ctx.database.db, username)), valid: true };
    },
  );
}

/** Logging out, and a forgotten password reset by e-mail. */
function sessionEndRoutes(app: AppInstance, jobs: AccountsNeeds['jobs']): void {
  app.post(
    '/api/auth/logout',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'End this session (the token stops working)',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null(), 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      await logout(app, currentUser(request).sessionId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link',
        description:
          'Always 202, whether or not the address has an account. The link is valid for 1 hour and works once; at most 3 links per account per 15 minutes are sent.',
        body: forgotPasswordBodySchema,
        response: { 202: z.object({ ok: z.literal(true) }), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app, jobs, request.body);
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link token',
        description: 'Every session of the account ends. An unknown, expired or used token is 400 invalid_reset_token.',
        body: resetPasswordBodySchema,
        response: { 204: z.null(), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await resetPassword(app, request.body);
      return reply.status(204).send(null);
    },
  );
}
