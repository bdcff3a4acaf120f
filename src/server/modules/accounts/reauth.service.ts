import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { matchLocale, type Locale } from '../../../shared/locales';
import { PHONE_CODE_LENGTH, PHONE_CODE_TTL_SECONDS, PHONE_RESEND_SECONDS } from '../../../shared/schemas/phone';
import type { reauthBodySchema } from '../../../shared/schemas/reauth';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { insertPhoneCode, latestPhoneCode, markSessionProven, PROOF_WINDOW_MS, spendPhoneCodeTry, usePhoneCode, verifyPassword, type AuthUser, type ClientInfo } from '../auth/index';
import { proofCodeText, type SmsSender } from '../sms/index';
import { findUserById, type UserRow } from '../users/index';
import type { PhoneCodeThrottle } from './phone-limits';
import { PHONE_CODE_TRIES } from './phone.service';

/**
 * Proving the owner again before a new way in (decision 183): the password, or a code texted to the
 * phone the account already verified, counted by the same limits as the sign-in codes. The code is a
 * sign-in code of the account itself — stored as `sign_in` with the account's id, which the sign-in by
 * phone (whose codes have none) never reads — and its keyed hash has its own prefix, so neither kind of
 * code is good for the other.
 */
export class Reauth {
  constructor(
    private readonly app: AppInstance,
    private readonly needs: { sms: SmsSender; throttle: PhoneCodeThrottle },
  ) {}

  private get db() {
    return this.app.ctx.database.db;
  }

  private hash(phone: string, code: string): string {
    return createHmac('sha256', this.app.ctx.jwtSecret).update(`reauth-code:${phone}:${code}`).digest('hex');
  }

  private async owner(caller: AuthUser): Promise<UserRow> {
    const user = await findUserById(this.db, caller.id);
    if (!user) throw new AppError('unauthorized', 'Authentication required');
    return user;
  }

  /** The verified phone a code can go to; none is 409 (the account proves with its password or a fresh WeChat sign-in). */
  private verifiedPhone(user: UserRow): string {
    if (!user.phone || !user.phoneVerifiedAt) throw new AppError('conflict', 'This account has no verified phone number to send a code to');
    return user.phone;
  }

  async sendCode(caller: AuthUser, client: ClientInfo, requestLocale: Locale) {
    const user = await this.owner(caller);
    const phone = this.verifiedPhone(user);
    await this.needs.throttle.take(phone, client.ip);
    const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
    await insertPhoneCode(this.db, { phone, purpose: 'sign_in', userId: user.id, codeHash: this.hash(phone, code), expiresAt: new Date(Date.now() + PHONE_CODE_TTL_SECONDS * 1000) });
    const locale = matchLocale(user.locale) ?? requestLocale;
    await this.needs.sms.send({ to: phone, body: proofCodeText(locale, code, PHONE_CODE_TTL_SECONDS / 60), template: 'phone_code_reauth' });
    return { expiresInSeconds: PHONE_CODE_TTL_SECONDS, resendAfterSeconds: PHONE_RESEND_SECONDS };
  }

  /** Checks the password or the newest code (5 tries, 5 minutes, once), then stamps the session proven. */
  async prove(caller: AuthUser, body: z.output<typeof reauthBodySchema>): Promise<{ provenUntil: string }> {
    const user = await this.owner(caller);
    if ('password' in body) {
      if (!user.passwordHash || !(await verifyPassword(body.password, user.passwordHash))) {
        throw new AppError('wrong_password', 'The password is not correct', [{ path: 'body.password', message: 'Incorrect password' }]);
      }
    } else {
      await this.checkCode(this.verifiedPhone(user), user.id, body.code);
    }
    await markSessionProven(this.db, caller.sessionId);
    return { provenUntil: new Date(Date.now() + PROOF_WINDOW_MS).toISOString() };
  }

  private async checkCode(phone: string, userId: number, code: string): Promise<void> {
    const expired = () => new AppError('code_expired', 'This code has expired. Please ask for a new one.', [{ path: 'body.code', message: 'Expired' }]);
    const row = await latestPhoneCode(this.db, phone, 'sign_in', userId);
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw expired();
    if ((await spendPhoneCodeTry(this.db, row.id, PHONE_CODE_TRIES)) === undefined) throw expired();
    if (!timingSafeEqual(Buffer.from(this.hash(phone, code), 'hex'), Buffer.from(row.codeHash, 'hex'))) {
      throw new AppError('invalid_code', 'This code is not correct', [{ path: 'body.code', message: 'Incorrect code' }]);
    }
    if (!(await usePhoneCode(this.db, row.id))) throw expired();
  }
}
