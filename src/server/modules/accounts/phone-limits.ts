import { AppError } from '../../lib/app-error';
import { MemoryAttemptStore, type AttemptEntry, type AttemptStore } from '../auth/index';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits on sending codes (decision 147); tests pass smaller windows through compose's options. */
export interface PhoneCodeLimits {
  /** The pause before the same number may be sent another code. */
  resendPauseMs: number;
  perNumberPerHour: number;
  perNumberPerDay: number;
  perAddressPerHour: number;
  /** All numbers together, per hour (SMS_MAX_PER_HOUR). */
  perHour: number;
}

export const defaultPhoneCodeLimits = (perHour: number): PhoneCodeLimits => ({
  resendPauseMs: MINUTE,
  perNumberPerHour: 5,
  perNumberPerDay: 10,
  perAddressPerHour: 10,
  perHour,
});

/**
 * Counts the codes sent, against SMS pumping (decision 147): per number (a pause of a minute, 5 an
 * hour, 10 a day), per client address (10 an hour) and for the whole deployment (SMS_MAX_PER_HOUR).
 * The counts are the login throttle's store: in Redis when REDIS_URL is set, so every instance
 * counts together, and in this instance's memory otherwise or while Redis fails (decision 101).
 * A refusal is 429 retry_later with the seconds until the count that refused ends.
 */
export class PhoneCodeThrottle {
  constructor(
    private readonly limits: PhoneCodeLimits,
    private readonly store: AttemptStore = new MemoryAttemptStore(),
  ) {}

  private counts(phone: string, address: string): [key: string, windowMs: number, limit: number][] {
    const l = this.limits;
    return [
      [`pause:${phone}`, l.resendPauseMs, 1],
      [`hour:${phone}`, HOUR, l.perNumberPerHour],
      [`day:${phone}`, 24 * HOUR, l.perNumberPerDay],
      [`addr:${address}`, HOUR, l.perAddressPerHour],
      ['all', HOUR, l.perHour],
    ];
  }

  /**
   * Takes one code from every count, or refuses. Read first, so a refused request takes nothing (an
   * address over its limit cannot use up a stranger's number); then counted, and a count that went
   * over in the meantime (another instance at the same moment) refuses too.
   */
  async take(phone: string, address: string): Promise<void> {
    const counts = this.counts(phone, address);
    const seen = await Promise.all(counts.map(([key]) => this.store.peek(key)));
    counts.forEach(([, , limit], i) => refuseOver(seen[i], limit - 1));
    const taken = await Promise.all(counts.map(([key, windowMs]) => this.store.hit(key, windowMs)));
    counts.forEach(([, , limit], i) => refuseOver(taken[i], limit));
  }

  /** Ends the minute's pause for a number now (the browser tests' dev route: no test waits a minute). */
  async endPause(phone: string): Promise<void> {
    await this.store.reset(`pause:${phone}`);
  }
}

function refuseOver(entry: AttemptEntry | undefined, allowed: number): void {
  if (!entry || entry.count <= allowed) return;
  const retryAfter = Math.max(1, Math.ceil((entry.resetAt - Date.now()) / 1000));
  throw new AppError('retry_later', 'Too many codes asked for. Please wait and try again.', undefined, { retryAfter });
}
