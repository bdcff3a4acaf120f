import { AppError } from '../../lib/app-error';

/**
 * Brute-force protection for logins: failed attempts are counted per account and per address in
 * fixed windows. Past the limit, logins for that key are refused with 429 `rate_limited` until the
 * window ends — a pause, never a permanent lock-out; a successful login clears the account's count.
 *
 * The counts live in this process (the embedded default), or with REDIS_URL in Redis
 * (RedisAttemptStore), so that instances behind a load balancer share them: otherwise each would
 * count on its own and a guesser would get the limit once per instance. While Redis fails, each
 * instance counts on its own after all (GuardedAttemptStore, decision 101).
 */
export interface AttemptEntry {
  count: number;
  resetAt: number;
}

export interface AttemptStore {
  /** Adds one failure and returns the count in the current window and when the window ends. */
  hit(key: string, windowMs: number): Promise<AttemptEntry>;
  peek(key: string): Promise<AttemptEntry | undefined>;
  reset(key: string): Promise<void>;
}

export class MemoryAttemptStore implements AttemptStore {
  private entries = new Map<string, AttemptEntry>();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    this.prune(now);
    const current = this.entries.get(key);
    const entry =
      current && current.resetAt > now
        ? { count: current.count + 1, resetAt: current.resetAt }
        : { count: 1, resetAt: now + windowMs };
    this.entries.set(key, entry);
    return entry;
  }

  async peek(key: string) {
    const entry = this.entries.get(key);
    return entry && entry.resetAt > Date.now() ? entry : undefined;
  }

  async reset(key: string) {
    this.entries.delete(key);
  }

  private prune(now: number) {
    if (this.entries.size < 10_000) return;
    for (const [k, v] of this.entries) if (v.resetAt <= now) this.entries.delete(k);
  }
}

export interface ThrottleLimits {
  /** Failed logins allowed for one account from one address per window. */
  perAccountAndAddress: number;
  /** Failed logins allowed from one address per window (any account, known or not). */
  perAddress: number;
  /**
   * Failed logins allowed for one account per window from all addresses together: the ceiling
   * against a distributed guesser. Addresses the owner has logged in from are exempt, so even then
   * the owner is not locked out.
   */
  perAccount: number;
  windowMs: number;
  /** How long a successful login keeps its address trusted for that account. */
  trustMs: number;
}

export const DEFAULT_LOGIN_LIMITS: ThrottleLimits = {
  perAccountAndAddress: 10,
  perAddress: 30,
  perAccount: 100,
  windowMs: 15 * 60_000,
  trustMs: 30 * 24 * 3_600_000,
};

/**
 * Counts failures per account *and* address (OWASP's advice), so ten wrong passwords from an attacker
 * pause the attacker, not the owner on their own connection. A per-address count stops one source
 * spraying many accounts; a higher account-wide ceiling stops many sources guessing one account,
 * and addresses with an earlier successful login are exempt from that ceiling.
 */
export class LoginThrottle {
  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_LOGIN_LIMITS,
    private readonly store: AttemptStore = new MemoryAttemptStore(),
  ) {}

  private keys(account: string, address: string) {
    const a = account.trim().toLowerCase();
    return {
      pair: `pair:${a}|${address}`,
      address: `addr:${address}`,
      account: `acct:${a}`,
      trusted: `ok:${a}|${address}`,
    };
  }

  /** Throws 429 (with the seconds to wait) when any count that applies has used up its failures. */
  async assertAllowed(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    // All four counts at once: one round trip to a shared store, not four in a row (decision 101).
    const [pair, byAddress, trusted, byAccount] = await Promise.all(
      [k.pair, k.address, k.trusted, k.account].map((key) => this.store.peek(key)),
    );
    const checks: [AttemptEntry | undefined, number][] = [
      [pair, this.limits.perAccountAndAddress],
      [byAddress, this.limits.perAddress],
    ];
    if (!trusted) checks.push([byAccount, this.limits.perAccount]);
    for (const [entry, limit] of checks) {
      if (entry && entry.count >= limit) {
        const retryAfter = Math.max(1, Math.ceil((entry.resetAt - Date.now()) / 1000));
        throw new AppError('rate_limited', 'Too many failed logins. Please wait a moment and try again.', undefined, {
          retryAfter,
        });
      }
    }
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    await Promise.all([k.pair, k.address, k.account].map((key) => this.store.hit(key, this.limits.windowMs)));
  }

  async recordSuccess(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    await Promise.all([this.store.reset(k.pair), this.store.hit(k.trusted, this.limits.trustMs)]);
  }
}
