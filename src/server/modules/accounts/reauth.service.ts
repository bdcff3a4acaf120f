import type { z } from 'zod';
import { matchLocale, type Locale } from '../../../shared/locales';
import type { reauthBodySchema } from '../../../shared/schemas/reauth';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import {
  assertRecentProof,
  markSessionProven,
  PROOF_WINDOW_MS,
  verifyPassword,
  type AuthUser,
  type ClientInfo,
} from '../auth/index';
import { codeText, proofCodeText } from '../sms/index';
import { findUserById, type UserRow } from '../users/index';
import type { CodeSent, PhoneCodes } from './phone-codes';

/**
 * Proving the owner again: before a new way in (decision 183) — the password, or a code texted to the
 * phone the account already verified — and before deleting the account (decision 185), where an account
 * without a password gives a code of its own kind or the session's fresh proof (a WeChat sign-in). Every
 * code goes through the one send-and-check (`PhoneCodes`), so the sign-in codes' limits count them all.
 */
export class Reauth {
  constructor(
    private readonly app: AppInstance,
    private readonly codes: PhoneCodes,
  ) {}

  private get db() {
    return this.app.ctx.database.db;
  }

  private async owner(caller: Pick<AuthUser, 'id'>): Promise<UserRow> {
    const user = await findUserById(this.db, caller.id);
    if (!user) throw new AppError('unauthorized', 'Authentication required');
    return user;
  }

  /** The verified phone a code can go to; none is 409 no_verified_phone (the account proves another way). */
  private verifiedPhone(user: UserRow): string {
    if (!user.phone || !user.phoneVerifiedAt)
      throw new AppError('no_verified_phone', 'This account has no verified phone number to send a code to');
    return user.phone;
  }

  private async checkPassword(user: UserRow, password: string): Promise<void> {
    if (!user.passwordHash)
      throw new AppError(
        'password_not_set',
        'This account has no password: confirm with a code sent to your phone, or by signing in with WeChat again',
        [{ path: 'body.password', message: 'No password set' }],
      );
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw new AppError('wrong_password', 'The password is not correct', [
        { path: 'body.password', message: 'Incorrect password' },
      ]);
    }
  }

  private async sendTo(
    user: UserRow,
    purpose: 'reauth' | 'delete_account',
    client: ClientInfo,
    requestLocale: Locale,
  ): Promise<CodeSent> {
    const phone = this.verifiedPhone(user);
    const locale = matchLocale(user.locale) ?? requestLocale;
    return this.codes.send({
      phone,
      purpose,
      userId: user.id,
      address: client.ip,
      template: `phone_code_${purpose}`,
      text: (code, minutes) =>
        purpose === 'reauth' ? proofCodeText(locale, code, minutes) : codeText(locale, 'delete_account', code, minutes),
    });
  }

  async sendCode(caller: AuthUser, client: ClientInfo, requestLocale: Locale): Promise<CodeSent> {
    return this.sendTo(await this.owner(caller), 'reauth', client, requestLocale);
  }

  /** Checks the password or the newest code (5 tries, 5 minutes, once), then stamps the session proven. */
  async prove(caller: AuthUser, body: z.output<typeof reauthBodySchema>): Promise<{ provenUntil: string }> {
    const user = await this.owner(caller);
    if ('password' in body) await this.checkPassword(user, body.password);
    else await this.codes.spend(this.verifiedPhone(user), 'reauth', user.id, body.code);
    await markSessionProven(this.db, caller.sessionId);
    return { provenUntil: new Date(Date.now() + PROOF_WINDOW_MS).toISOString() };
  }

  /** The code for deleting the account, texted to its verified phone with the text that says so (decision 182). */
  async sendDeletionCode(caller: AuthUser, client: ClientInfo, requestLocale: Locale): Promise<CodeSent> {
    return this.sendTo(await this.owner(caller), 'delete_account', client, requestLocale);
  }

  /**
   * The proof a deletion needs (decision 185): the password; or the deletion code sent to the verified
   * phone; or, for an account without a password (a phone- or WeChat-only account), the session's own
   * proof within the window — a WeChat sign-in just now. An account with a password that gives neither
   * is 400 deletion_proof_required; one without, whose session's proof is stale, 403 reauth_required.
   */
  async assertDeletion(
    caller: Pick<AuthUser, 'id' | 'sessionId'>,
    body: { password?: string; code?: string },
  ): Promise<void> {
    const user = await this.owner(caller);
    if (body.password !== undefined && body.code !== undefined) {
      throw new AppError('validation_failed', 'Give the password or the code, not both', [
        { path: 'body.code', message: 'Only one proof' },
      ]);
    }
    if (body.password !== undefined) return this.checkPassword(user, body.password);
    if (body.code !== undefined)
      return this.codes.spend(this.verifiedPhone(user), 'delete_account', user.id, body.code);
    if (user.passwordHash)
      throw new AppError(
        'deletion_proof_required',
        'Give your password, or a code sent to your phone, to delete the account',
        [{ path: 'body.password', message: 'Required' }],
      );
    await assertRecentProof(this.db, caller.sessionId);
  }
}
