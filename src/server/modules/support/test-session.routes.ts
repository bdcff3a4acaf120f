import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { createSession, verifyPassword } from '../auth/index';
import { findLiveUserByUsername } from './support.repository';

/**
 * NODE_ENV=test only (never registered otherwise): a password login for the browser tests, which
 * need an admin token to read the support inbox before the accounts feature ships POST /api/auth/login.
 * It checks the password exactly as a login would. The e2e helper prefers /api/auth/login when it exists.
 */
export function testSessionRoutes(app: AppInstance): void {
  if (app.ctx.config.env !== 'test') return;
  app.post(
    '/api/test/login',
    {
      schema: {
        hide: true,
        body: z.object({ username: z.string().min(1).max(100), password: z.string().min(1).max(200) }),
        response: { 200: z.object({ token: z.string() }), 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await findLiveUserByUsername(app.ctx.database.db, request.body.username);
      if (!user || !(await verifyPassword(request.body.password, user.passwordHash))) {
        throw new AppError('invalid_credentials', 'Wrong username or password');
      }
      const { token } = await createSession(app.ctx.database.db, {
        userId: user.id,
        secret: app.ctx.jwtSecret,
        ttlMs: app.ctx.config.sessionTtlMs,
      });
      return { token };
    },
  );
}
