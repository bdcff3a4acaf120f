import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  resetPasswordBodySchema,
  signupBodySchema,
} from '../../../shared/schemas/auth';
import { DEFAULT_LOCALE, matchLocale } from '../../../shared/locales';
import type { ConsentInput } from '../../../shared/schemas/legal';
import type { AuthReply } from '../../../shared/schemas/user';
import { inTransaction, pgErrorCode, type Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import { refuseProtectedTitles } from '../licences/index';
import { passwordResetMail, queueMails } from '../mail/index';
import {
  emailOwner,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertUser,
  toUserDto,
  updateUser,
  usernameExists,
  type UserRow,
} from '../users/index';
import {
  assertRecentProof,
  consumeResetToken,
  countRecentResetTokens,
  createSession,
  hashPassword,
  insertResetToken,
  revokeAllSessions,
  revokeSession,
  verifyPassword,
  type ClientInfo,
  type LoginThrottle,
} from '../auth/index';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** At most this many reset e-mails per account per 15 minutes; more requests are answered but not sent. */
export const RESET_MAILS_PER_WINDOW = 3;

/** A hash that no password verifies against (used to spend the same time when the user is unknown). */
const DUMMY_HASH = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function issueSession(
  app: AppInstance,
  db: Database,
  user: UserRow,
  client: ClientInfo,
): Promise<AuthReply> {
  const { token } = await createSession(db, {
    userId: user.id,
    secret: app.ctx.jwtSecret,
    ttlMs: app.ctx.config.sessionTtlMs,
    userAgent: client.userAgent,
    ip: client.ip,
  });
  const dto = toUserDto(user);
  return { ...dto, token, user: dto };
}

function mapUniqueViolation(err: unknown): never {
  if (pgErrorCode(err) === '23505') {
    const text = String(
      (err as { cause?: { constraint?: string; message?: string } }).cause?.constraint ?? (err as Error).message,
    );
    if (text.includes('email')) throw new AppError('email_taken', 'This e-mail address is already registered');
    throw new AppError('username_taken', 'Username already taken');
  }
  throw err;
}

/**
 * Where sign-up records the documents accepted with it (the legal module's consent book, handed over by compose.ts).
 */
export interface SignupConsents {
  assertCurrent(list: readonly ConsentInput[]): void;
  record(
    db: Database,
    userId: number,
    list: readonly ConsentInput[],
    context: { locale: string | null; ip: string | null },
  ): Promise<void>;
}

export async function signup(
  app: AppInstance,
  consents: SignupConsents,
  body: z.output<typeof signupBodySchema>,
  client: ClientInfo,
): Promise<AuthReply> {
  const db = app.ctx.database.db;
  // A new account holds no licence: its name may not carry a protected title (decision 099).
  refuseProtectedTitles([{ path: 'fullName', text: body.fullName }], null, body.locale ?? 'en');
  // Before anything is written: a stale version refuses the whole sign-up, so the form can show the new text.
  const accepted = body.consents ?? [];
  consents.assertCurrent(accepted);
  if (await usernameExists(db, body.username)) throw new AppError('username_taken', 'Username already taken');
  if (await emailOwner(db, body.email)) throw new AppError('email_taken', 'This e-mail address is already registered');
  const passwordHash = await hashPassword(body.password);
  // The account and its consents together: an account never exists with half of what was accepted.
  const user = await inTransaction(db, async (t) => {
    const row = await insertUser(t, {
      username: body.username,
      email: body.email,
      passwordHash,
      fullName: body.fullName,
      emailUpdates: body.emailUpdates,
      locale: body.locale ?? null,
    });
    await consents.record(t, row.id, accepted, { locale: body.locale ?? null, ip: client.ip });
    return row;
  }).catch(mapUniqueViolation);
  return issueSession(app, db, user, client);
}

export async function login(
  app: AppInstance,
  throttle: LoginThrottle,
  body: z.output<typeof loginBodySchema>,
  client: ClientInfo,
): Promise<AuthReply> {
  const db = app.ctx.database.db;
  const user = await findUserByLogin(db, body.username);
  // Counted per account, whichever identifier was typed (username or e-mail, any case).
  const account = user ? `user:${user.id}` : body.username;
  await throttle.assertAllowed(account, client.ip);
  const ok = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    await throttle.recordFailure(account, client.ip);
    throw new AppError('invalid_credentials', 'The username or password is not correct');
  }
  await throttle.recordSuccess(account, client.ip);
  // Only after the password matched: a guesser learns nothing about suspended accounts.
  if (user.suspendedAt) throw new AppError('account_suspended', 'This account is suspended. Please contact support.');
  return issueSession(app, db, user, client);
}

export async function logout(app: AppInstance, sessionId: string): Promise<void> {
  await revokeSession(app.ctx.database.db, sessionId);
}

/**
 * Writes a reset link to the outbox when the address belongs to an account. The reply is the same
 * either way, so the form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(
  app: AppInstance,
  jobs: Pick<JobRunner, 'soon'>,
  body: z.output<typeof forgotPasswordBodySchema>,
): Promise<void> {
  const db = app.ctx.database.db;
  const user = await findUserByEmail(db, body.email);
  const toAddress = user?.email;
  if (!user || !toAddress) return;
  if ((await countRecentResetTokens(db, user.id, new Date(Date.now() - 15 * 60_000))) >= RESET_MAILS_PER_WINDOW) {
    app.log.warn({ userId: user.id }, 'password reset e-mail skipped: too many recent requests');
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const link = `${app.ctx.config.appUrl}/reset-password?token=${token}`;
  const locale = matchLocale(user.locale ?? body.locale) ?? DEFAULT_LOCALE;
  const mail = passwordResetMail({ locale, name: user.nickname || user.fullName, link });
  const mailJobs = await inTransaction(db, async (t) => {
    await insertResetToken(t, {
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    return queueMails(
      t,
      [{ toAddress, ...mail, template: 'password_reset', meta: { userId: user.id, link } }],
      new Date(),
    );
  });
  jobs.soon(mailJobs); // sent after the commit, without holding the reply (decision 085)
}

/** Sets a new password from a reset link: the link works once, within the hour; every session ends. */
export async function resetPassword(app: AppInstance, body: z.output<typeof resetPasswordBodySchema>): Promise<void> {
  const db = app.ctx.database.db;
  const passwordHash = await hashPassword(body.password);
  await inTransaction(db, async (t) => {
    const userId = await consumeResetToken(t, sha256(body.token));
    if (!userId) throw new AppError('invalid_reset_token', 'This reset link is invalid, expired or already used');
    const updated = await updateUser(t, userId, { passwordHash });
    if (!updated) throw new AppError('invalid_reset_token', 'This reset link is invalid, expired or already used');
    await revokeAllSessions(t, userId);
  });
}

/**
 * Changes the password: every session ends, and this device gets a fresh one. The owner proves it is
 * them with the current password, or — without one in the body, as an account made by phone or WeChat
 * must — with a proof given on this session within 10 minutes (decision 183).
 */
export async function changePassword(
  app: AppInstance,
  caller: { id: number; sessionId: string },
  body: z.output<typeof changePasswordBodySchema>,
  client: ClientInfo,
): Promise<AuthReply> {
  const db = app.ctx.database.db;
  const userId = caller.id;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', 'Authentication required');
  if (body.currentPassword === undefined) await assertRecentProof(db, caller.sessionId);
  else if (user.passwordHash === null || !(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw new AppError('wrong_password', 'The current password is not correct', [
      { path: 'body.currentPassword', message: 'Incorrect password' },
    ]);
  }
  const passwordHash = await hashPassword(body.newPassword);
  const updated = await inTransaction(db, async (t) => {
    const row = await updateUser(t, userId, { passwordHash });
    await revokeAllSessions(t, userId);
    return row!;
  });
  return issueSession(app, db, updated, client);
}
