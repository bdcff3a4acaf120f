import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE_CODE_LENGTH, PHONE_CODE_TTL_SECONDS, PHONE_RESEND_SECONDS } from '../../../shared/schemas/phone';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { insertPhoneCode, latestPhoneCode, spendPhoneCodeTry, usePhoneCode, type PhoneCodeRow } from '../auth/index';
import type { SmsSender } from '../sms/index';
import type { PhoneCodeThrottle } from './phone-limits';

/** Five tries: a guesser has 5 in a million per code, and a code per number is limited (phone-limits.ts). */
export const PHONE_CODE_TRIES = 5;

export type CodePurpose = PhoneCodeRow['purpose'];

/**
 * The keyed hash's prefix per purpose, so a code of one kind is never good for another even on the
 * same number. Sign-in and adding a number keep the prefix they always had (their rows are told apart
 * by `purpose`); the proof (decision 183) keeps its own; deleting the account has its own (decision 185).
 */
const HASH_PREFIX: Record<CodePurpose, string> = {
  sign_in: 'phone-code',
  add_phone: 'phone-code',
  reauth: 'reauth-code',
  delete_account: 'delete-code',
};

export interface CodeSent {
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

/**
 * The one send-and-check of the codes texted to a phone (decisions 147, 183, 185): every kind of code
 * — signing in, adding a number, proving the owner, deleting the account — is sent under the same
 * limits (`PhoneCodeThrottle`), kept only as a keyed hash, good for 5 minutes and 5 tries, and used once.
 */
export class PhoneCodes {
  constructor(
    private readonly app: AppInstance,
    private readonly needs: { sms: SmsSender; throttle: PhoneCodeThrottle },
  ) {}

  /**
   * Only a keyed hash of the code is kept: six digits are a million guesses, which a leaked table
   * alone would give away in a moment, while the key (the token secret) stays out of the database.
   */
  private hash(purpose: CodePurpose, phone: string, code: string): string {
    return createHmac('sha256', this.app.ctx.jwtSecret)
      .update(`${HASH_PREFIX[purpose]}:${phone}:${code}`)
      .digest('hex');
  }

  /** For NODE_ENV=test only (the dev routes): the number may be sent a code again at once. */
  async endPause(phone: string): Promise<void> {
    await this.needs.throttle.endPause(phone);
  }

  /** Counts the code against the limits (429 retry_later), stores its hash and texts `text(code, minutes)`. */
  async send(opts: {
    phone: string;
    purpose: CodePurpose;
    userId: number | null;
    address: string;
    template: string;
    text: (code: string, minutes: number) => string;
  }): Promise<CodeSent> {
    await this.needs.throttle.take(opts.phone, opts.address);
    const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
    await insertPhoneCode(this.app.ctx.database.db, {
      phone: opts.phone,
      purpose: opts.purpose,
      userId: opts.userId,
      codeHash: this.hash(opts.purpose, opts.phone, code),
      expiresAt: new Date(Date.now() + PHONE_CODE_TTL_SECONDS * 1000),
    });
    await this.needs.sms.send({
      to: opts.phone,
      body: opts.text(code, PHONE_CODE_TTL_SECONDS / 60),
      template: opts.template,
    });
    return { expiresInSeconds: PHONE_CODE_TTL_SECONDS, resendAfterSeconds: PHONE_RESEND_SECONDS };
  }

  /**
   * Checks the code against the newest one sent for this purpose (and account) and counts the try. A
   * wrong code is 400 invalid_code; a code spent by its tries, its time or its use, or none at all, is
   * 400 code_expired (a new one is needed). The code is not used up here: `use` does that, in the
   * caller's transaction when the code's effect is written.
   */
  async check(phone: string, purpose: CodePurpose, userId: number | null, code: string): Promise<PhoneCodeRow> {
    const db = this.app.ctx.database.db;
    const row = await latestPhoneCode(db, phone, purpose, userId);
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw codeExpired();
    if ((await spendPhoneCodeTry(db, row.id, PHONE_CODE_TRIES)) === undefined) throw codeExpired();
    if (!timingSafeEqual(Buffer.from(this.hash(purpose, phone, code), 'hex'), Buffer.from(row.codeHash, 'hex'))) {
      throw new AppError('invalid_code', 'This code is not correct', [
        { path: 'body.code', message: 'Incorrect code' },
      ]);
    }
    return row;
  }

  /** Spends the code; 400 code_expired when another request spent it first (a code works once). */
  async use(db: Database, row: PhoneCodeRow): Promise<void> {
    if (!(await usePhoneCode(db, row.id)))
      throw new AppError('code_expired', 'This code has already been used. Please ask for a new one.', [
        { path: 'body.code', message: 'Expired' },
      ]);
  }

  /** `check` and `use` at once, for a code whose effect is written afterwards on its own. */
  async spend(phone: string, purpose: CodePurpose, userId: number | null, code: string): Promise<void> {
    await this.use(this.app.ctx.database.db, await this.check(phone, purpose, userId, code));
  }
}

const codeExpired = () =>
  new AppError('code_expired', 'This code has expired. Please ask for a new one.', [
    { path: 'body.code', message: 'Expired' },
  ]);
