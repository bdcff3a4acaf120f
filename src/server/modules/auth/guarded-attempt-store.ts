import type { RedisGuard } from '../../lib/redis-guard';
import { MemoryAttemptStore, type AttemptEntry, type AttemptStore } from './login-throttle';

/**
 * Login failure counts in the shared store through the Redis breaker, and in this instance's memory
 * while Redis fails (decision 101): logins go on being answered, and guessing stays limited per
 * instance instead of not at all. The memory counts start from nothing at each outage and are not
 * carried back to Redis.
 */
export class GuardedAttemptStore implements AttemptStore {
  private readonly local = new MemoryAttemptStore();

  constructor(
    private readonly shared: AttemptStore,
    private readonly guard: RedisGuard,
  ) {}

  hit(key: string, windowMs: number): Promise<AttemptEntry> {
    return this.guard.run(
      () => this.shared.hit(key, windowMs),
      () => this.local.hit(key, windowMs),
    );
  }

  peek(key: string): Promise<AttemptEntry | undefined> {
    return this.guard.run(
      () => this.shared.peek(key),
      () => this.local.peek(key),
    );
  }

  reset(key: string): Promise<void> {
    return this.guard.run(
      () => this.shared.reset(key),
      () => this.local.reset(key),
    );
  }
}
