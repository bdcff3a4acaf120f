import type { z } from 'zod';
import { SIGNUP_KINDS } from '../../../shared/legal/documents';
import { matchLocale, type Locale } from '../../../shared/locales';
import type { mePhoneVerifyBodySchema, phoneVerifyBodySchema } from '../../../shared/schemas/phone';
import type { AuthReply, User } from '../../../shared/schemas/user';
import { inTransaction, pgErrorCode, type Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import type { ClientInfo, PhoneCodeRow } from '../auth/index';
import { codeText } from '../sms/index';
import {
  findUserById,
  findUserByPhone,
  freeUsername,
  insertUser,
  toUserDto,
  updateUser,
  type UserRow,
} from '../users/index';
import { issueSession, type SignupConsents } from './auth.service';
import { refuseProtectedTitles } from '../licences/index';
import { mobileNumber } from './phone-number';
import type { CodeSent, PhoneCodes } from './phone-codes';

/** What sign-in by phone is built from (compose.ts): the one send-and-check of codes and the consent book. */
export interface PhoneNeeds {
  codes: PhoneCodes;
  consents: SignupConsents;
}

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

  /** For NODE_ENV=test only (the dev routes): the number may be sent a code again at once. */
  async endCodePause(phone: string): Promise<void> {
    await this.needs.codes.endPause(phone);
  }

  /** `says` is what the text names (a new number's sign-in code is its sign-up); `purpose`, what the code serves. */
  private send(
    phone: string,
    purpose: 'sign_in' | 'add_phone',
    userId: number | null,
    locale: Locale,
    address: string,
    says: 'sign_in' | 'sign_up' | 'add_phone' = purpose,
  ): Promise<CodeSent> {
    return this.needs.codes.send({
      phone,
      purpose,
      userId,
      address,
      template: `phone_code_${says}`,
      text: (code, minutes) => codeText(locale, says, code, minutes),
    });
  }

  /**
   * Sends a sign-in code whether or not the number has an account: the reply is the same either way.
   * The text itself names sign-up for a number without an account (decision 195): only the number's
   * holder reads it, so it tells the asker nothing, and a person signing up is not told they sign in.
   */
  async start(input: string, client: ClientInfo, requestLocale: Locale) {
    const phone = this.number(input);
    const holder = await findUserByPhone(this.db, phone);
    const says = holder ? 'sign_in' : 'sign_up';
    return this.send(phone, 'sign_in', null, matchLocale(holder?.locale) ?? requestLocale, client.ip, says);
  }

  /** Signs in the account holding the number, or makes a traveler account for a new one. */
  async verify(
    body: z.output<typeof phoneVerifyBodySchema>,
    client: ClientInfo,
  ): Promise<{ created: boolean; reply: AuthReply }> {
    const phone = this.number(body.phone);
    const row = await this.needs.codes.check(phone, 'sign_in', null, body.code);
    const holder = await findUserByPhone(this.db, phone);
    if (holder) {
      if (holder.suspendedAt)
        throw new AppError('account_suspended', 'This account is suspended. Please contact support.');
      await this.needs.codes.use(this.db, row);
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
    if (!body.fullName)
      throw new AppError('validation_failed', 'A new account needs the name other people will see', [nameField]);
    refuseProtectedTitles([{ path: 'fullName', text: body.fullName }], null, body.locale ?? 'en');
    this.needs.consents.assertCurrent(accepted);
    const user = await this.create(phone, body.fullName, body.locale ?? null, accepted, client, row);
    return { created: true, reply: await issueSession(this.app, this.db, user, client) };
  }

  private async create(
    phone: string,
    fullName: string,
    locale: Locale | null,
    accepted: NonNullable<z.output<typeof phoneVerifyBodySchema>['consents']>,
    client: ClientInfo,
    row: PhoneCodeRow,
  ): Promise<UserRow> {
    const username = await freeUsername(this.db, 'tabi');
    try {
      return await inTransaction(this.db, async (t) => {
        await this.needs.codes.use(t, row);
        // No e-mail and no password: the number is the way in until the traveler adds either (decision 147).
        const user = await insertUser(t, { username, fullName, phone, phoneVerifiedAt: new Date(), locale });
        await this.needs.consents.record(t, user.id, accepted, { locale, ip: client.ip });
        return user;
      });
    } catch (err) {
      // Two answers with the same code at once: one made the account, the other is told the code was used.
      if (pgErrorCode(err) === '23505')
        throw new AppError('code_expired', 'This code has already been used. Please ask for a new one.');
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
    const row = await this.needs.codes.check(phone, 'add_phone', userId, body.code);
    const taken = () => new AppError('phone_taken', 'This number is already used by another account');
    const holder = await findUserByPhone(this.db, phone);
    if (holder && holder.id !== userId) throw taken();
    try {
      const updated = await inTransaction(this.db, async (t) => {
        await this.needs.codes.use(t, row);
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
