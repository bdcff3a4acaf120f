import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { createSession } from '../auth/index';

/**
 * Test-only (registered only when NODE_ENV=test): opens a session for an existing user without a
 * password, so browser tests can sign in before POST /api/auth/login exists on this branch. The
 * reply has the shape the web app stores under `tabi.token` / `tabi.user`.
 */
export function testSupportRoutes(app: AppInstance): void {
  if (app.ctx.config.env !== 'test') return;
  app.post(
    '/api/test/session',
    { schema: { hide: true, body: z.object({ username: z.string().min(1) }) } },
    async (request) => {
      const db = app.ctx.database.db;
      const [u] = await db.select().from(users).where(eq(sql`lower(${users.username})`, request.body.username.toLowerCase()));
      if (!u) throw notFound('User');
      const { token } = await createSession(db, { userId: u.id, secret: app.ctx.jwtSecret, ttlMs: app.ctx.config.sessionTtlMs });
      const user = {
        id: u.id,
        username: u.username,
        fullName: u.fullName,
        email: u.email,
        role: u.role,
        joinedDate: u.createdAt.toISOString(),
        readReceiptsEnabled: u.readReceiptsEnabled,
        profilePicture: u.profilePicture,
        backgroundImage: u.backgroundImage,
        isGuide: u.isGuide,
        isAdmin: u.isAdmin,
        nickname: u.nickname,
        bio: u.bio,
        gender: u.gender,
        age: u.age,
        city: u.city,
        mbti: u.mbti,
        identityVerified: u.identityVerified,
        emailUpdates: u.emailUpdates,
        locale: u.locale,
        guideStatus: { shouldShowRoleSwitch: u.isGuide, shouldShowBecomeGuideButton: !u.isGuide, shouldShowViewApplicationButton: false },
      };
      return { token, user };
    },
  );
}
