import { AppError } from '../../lib/app-error';

/**
 * Brute-force protection for logins: failed attempts are counted per account and per address in
 * fixed windows. Past the limit, logins for that key are refused with 429 `rate_limited` until the
 * window ends — a pause, never a permanent lock-out; a successful login clears the account's count.
 *
 * The counts live in this process (the embedded default). Several instances behind a load balancer
 * each count on their own, which multiplies the limit by the number of instances; a Redis store
 * implementing `AttemptStore` can share them.
 */
export interface AttemptStore {
  /** Adds one failure and returns the count in the current window and when the window ends. */
  hit(key: string, windowMs: number): { count: number; resetAt: number };
  peek(key: string): { count: number; resetAt: number } | undefined;
  reset(key: string): void;
}

export class MemoryAttemptStore implements AttemptStore {
  private entries = new Map<string, { count: number; resetAt: number }>();

  hit(key: string, windowMs: number) {
    const now = Date.now();
    this.prune(now);
    const current = this.entries.get(key);
    const entry = current && current.resetAt > now ? { count: current.count + 1, resetAt: current.resetAt } : { count: 1, resetAt: now + windowMs };
    this.entries.set(key, entry);
    return entry;
  }

  peek(key: string) {
    const entry = this.entries.get(key);
    return entry && entry.resetAt > Date.now() ? entry : undefined;
  }

  reset(key: string) {
    this.entries.delete(key);
  }

  private prune(now: number) {
    if (this.entries.size < 10_000) return;
    for (const [k, v] of this.entries) if (v.resetAt <= now) this.entries.delete(k);
  }
}

export interface ThrottleLimits {
  /** Failed logins allowed per account per window. */
  perAccount: number;
  /** Failed logins allowed per client address per window (any account, known or not). */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: ThrottleLimits = { perAccount: 10, perAddress: 30, windowMs: 15 * 60_000 };

export class LoginThrottle {
  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_LOGIN_LIMITS,
    private readonly store: AttemptStore = new MemoryAttemptStore(),
  ) {}

  private keys(account: string, address: string) {
    return { account: `acct:${account.trim().toLowerCase()}`, address: `addr:${address}` };
  }

  /** Throws 429 (with the seconds to wait) when either key has used up its failures. */
  assertAllowed(account: string, address: string): void {
    const k = this.keys(account, address);
    const blocked = [
      [this.store.peek(k.account), this.limits.perAccount],
      [this.store.peek(k.address), this.limits.perAddress],
    ] as const;
    for (const [entry, limit] of blocked) {
      if (entry && entry.count >= limit) {
        const retryAfter = Math.max(1, Math.ceil((entry.resetAt - Date.now()) / 1000));
        throw Object.assign(new AppError('rate_limited', 'Too many failed logins. Please wait a moment and try again.'), { retryAfter });
      }
    }
  }

  recordFailure(account: string, address: string): void {
    const k = this.keys(account, address);
    this.store.hit(k.account, this.limits.windowMs);
    this.store.hit(k.address, this.limits.windowMs);
  }

  recordSuccess(account: string): void {
    this.store.reset(this.keys(account, '').account);
  }
}
