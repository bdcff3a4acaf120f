import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { SIGNUP_KINDS } from '../../../shared/legal/documents';
import { matchLocale, type Locale } from '../../../shared/locales';
import { PHONE_CODE_LENGTH, PHONE_CODE_TTL_SECONDS, PHONE_RESEND_SECONDS, type mePhoneVerifyBodySchema, type phoneVerifyBodySchema } from '../../../shared/schemas/phone';
import type { AuthReply, User } from '../../../shared/schemas/user';
import { inTransaction, pgErrorCode, type Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { insertPhoneCode, latestPhoneCode, spendPhoneCodeTry, usePhoneCode, type ClientInfo, type PhoneCodeRow } from '../auth/index';
import { codeText, type SmsSender } from '../sms/index';
import { findUserById, findUserByPhone, freeUsername, insertUser, toUserDto, updateUser, type UserRow } from '../users/index';
import { issueSession, type SignupConsents } from './auth.service';
import { refuseProtectedTitles } from '../licences/index';
import { mobileNumber } from './phone-number';
import type { PhoneCodeThrottle } from './phone-limits';

/** Five tries: a guesser has 5 in a million per code, and a code per number is limited (phone-limits.ts). */
export const PHONE_CODE_TRIES = 5;

/** What sign-in by phone is built from (compose.ts): the text-message sender, the code limits and the consent book. */
export interface PhoneNeeds {
  sms: SmsSender;
  throttle: PhoneCodeThrottle;
  consents: SignupConsents;
}

type Purpose = PhoneCodeRow['purpose'];

export class PhoneSignIn {
  constructor(
    private readonly app: AppInstance,
    private readonly needs: PhoneNeeds,
  ) {}

  private get db(): Database {
    return this.app.ctx.database.db;
  }

  private number(input: string): string {
    return mobileNumber(input, this.app.ctx.config.sms.countries);
  }

  /**
   * Only a keyed hash of the code is kept: six digits are a million guesses, which a leaked table
   * alone would give away in a moment, while the key (the token secret) stays out of the database.
   */
  private hash(phone: string, code: string): string {
    return createHmac('sha256', this.app.ctx.jwtSecret).update(`phone-code:${phone}:${code}`).digest('hex');
  }

  /** For NODE_ENV=test only (the dev routes): the number may be sent a code again at once. */
  async endCodePause(phone: string): Promise<void> {
    await this.needs.throttle.endPause(phone);
  }

  private async send(phone: string, purpose: Purpose, userId: number | null, locale: Locale, address: string): Promise<{ expiresInSeconds: number; resendAfterSeconds: number }> {
    await this.needs.throttle.take(phone, address);
    const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
    await insertPhoneCode(this.db, { phone, purpose, userId, codeHash: this.hash(phone, code), expiresAt: new Date(Date.now() + PHONE_CODE_TTL_SECONDS * 1000) });
    await this.needs.sms.send({ to: phone, body: codeText(locale, purpose, code, PHONE_CODE_TTL_SECONDS / 60), template: `phone_code_${purpose}` });
    return { expiresInSeconds: PHONE_CODE_TTL_SECONDS, resendAfterSeconds: PHONE_RESEND_SECONDS };
  }

  /**
   * Checks the code against the newest one sent for this purpose and counts the try. A wrong code is
   * invalid_code; a code spent by its tries, its time or its use, or none at all, is code_expired (a
   * new one is needed). The code is not used up here: the caller does that in its transaction.
   */
  private async check(phone: string, purpose: Purpose, userId: number | null, code: string): Promise<PhoneCodeRow> {
    const row = await latestPhoneCode(this.db, phone, purpose, userId);
    const expired = () => new AppError('code_expired', 'This code has expired. Please ask for a new one.', [{ path: 'body.code', message: 'Expired' }]);
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw expired();
    if ((await spendPhoneCodeTry(this.db, row.id, PHONE_CODE_TRIES)) === undefined) throw expired();
    const given = Buffer.from(this.hash(phone, code), 'hex');
    if (!timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) {
      throw new AppError('invalid_code', 'This code is not correct', [{ path: 'body.code', message: 'Incorrect code' }]);
    }
    return row;
  }

  private async use(db: Database, row: PhoneCodeRow): Promise<void> {
    if (!(await usePhoneCode(db, row.id))) throw new AppError('code_expired', 'This code has already been used. Please ask for a new one.');
  }

  /** Sends a sign-in code whether or not the number has an account: the reply is the same either way. */
  async start(input: string, client: ClientInfo, requestLocale: Locale) {
    const phone = this.number(input);
    const holder = await findUserByPhone(this.db, phone);
    return this.send(phone, 'sign_in', null, matchLocale(holder?.locale) ?? requestLocale, client.ip);
  }

  /** Signs in the account holding the number, or makes a traveler account for a new one. */
  async verify(body: z.output<typeof phoneVerifyBodySchema>, client: ClientInfo): Promise<{ created: boolean; reply: AuthReply }> {
    const phone = this.number(body.phone);
    const row = await this.check(phone, 'sign_in', null, body.code);
    const holder = await findUserByPhone(this.db, phone);
    if (holder) {
      if (holder.suspendedAt) throw new AppError('account_suspended', 'This account is suspended. Please contact support.');
      await this.use(this.db, row);
      return { created: false, reply: await issueSession(this.app, this.db, holder, client) };
    }
    // A new account accepts the sign-up documents and says its name first; the code stays good for the
    // answer with them. The fields name everything still missing, so one screen asks for all of it.
    const accepted = body.consents ?? [];
    const missing = SIGNUP_KINDS.filter((kind) => !accepted.some((c) => c.kind === kind));
    const nameField = { path: 'body.fullName', message: 'The name other people will see' };
    if (missing.length > 0) {
      throw new AppError('consent_required', 'A new account needs the sign-up documents accepted and a name', [
        ...missing.map((kind) => ({ path: `consents.${kind}`, message: 'Required for a new account' })),
        ...(body.fullName ? [] : [nameField]),
      ]);
    }
    if (!body.fullName) throw new AppError('validation_failed', 'A new account needs the name other people will see', [nameField]);
    refuseProtectedTitles([{ path: 'fullName', text: body.fullName }], null, body.locale ?? 'en');
    this.needs.consents.assertCurrent(accepted);
    const user = await this.create(phone, body.fullName, body.locale ?? null, accepted, client, row);
    return { created: true, reply: await issueSession(this.app, this.db, user, client) };
  }

  private async create(phone: string, fullName: string, locale: Locale | null, accepted: NonNullable<z.output<typeof phoneVerifyBodySchema>['consents']>, client: ClientInfo, row: PhoneCodeRow): Promise<UserRow> {
    const username = await freeUsername(this.db, 'tabi');
    try {
      return await inTransaction(this.db, async (t) => {
        await this.use(t, row);
        // No e-mail and no password: the number is the way in until the traveler adds either (decision 147).
        const user = await insertUser(t, { username, fullName, phone, phoneVerifiedAt: new Date(), locale });
        await this.needs.consents.record(t, user.id, accepted, { locale, ip: client.ip });
        return user;
      });
    } catch (err) {
      // Two answers with the same code at once: one made the account, the other is told the code was used.
      if (pgErrorCode(err) === '23505') throw new AppError('code_expired', 'This code has already been used. Please ask for a new one.');
      throw err;
    }
  }

  /** Sends a code to a number the signed-in account wants to add or change to, in the account's language. */
  async startForAccount(userId: number, input: string, client: ClientInfo, requestLocale: Locale) {
    const phone = this.number(input);
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('unauthorized', 'Authentication required');
    return this.send(phone, 'add_phone', userId, matchLocale(user.locale) ?? requestLocale, client.ip);
  }

  /**
   * Sets the verified number on the account. Whether another account holds it is told only to whoever
   * has the code, so the endpoint cannot be used to find out whose number is whose.
   */
  async verifyForAccount(userId: number, body: z.output<typeof mePhoneVerifyBodySchema>): Promise<User> {
    const phone = this.number(body.phone);
    const row = await this.check(phone, 'add_phone', userId, body.code);
    const taken = () => new AppError('phone_taken', 'This number is already used by another account');
    const holder = await findUserByPhone(this.db, phone);
    if (holder && holder.id !== userId) throw taken();
    try {
      const updated = await inTransaction(this.db, async (t) => {
        await this.use(t, row);
        return updateUser(t, userId, { phone, phoneVerifiedAt: new Date() });
      });
      if (!updated) throw new AppError('unauthorized', 'Authentication required');
      return toUserDto(updated);
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw taken();
      throw err;
    }
  }
}
