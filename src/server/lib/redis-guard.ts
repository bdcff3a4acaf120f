import { circuitBreaker, CircuitState, ConsecutiveBreaker, handleAll } from 'cockatiel';

/**
 * How long one Redis call may take before the request goes on without it. Redis answers in well under
 * a millisecond on its own network; a call this slow means Redis hangs (decision 101).
 */
export const REDIS_CALL_TIMEOUT_MS = 500;
/** Failures in a row after which Redis is skipped altogether (no request waits for it any more). */
const FAILURES_TO_OPEN = 3;
/** While open, how often one call tries Redis again: the first that succeeds closes the breaker. */
const RETRY_AFTER_MS = 2_000;

export interface RedisGuardEvents {
  onDown(err: unknown): void;
  onUp(): void;
}

/**
 * One circuit breaker (cockatiel) for an instance's Redis, shared by everything that uses it: the rate
 * limits, the login throttle and the real-time fan-out (decision 101). Each call runs through it with
 * a deadline; a call that fails, times out, or finds the breaker open runs its fallback instead
 * (this instance's own counts, local delivery only). Requests never wait on a Redis that hangs or
 * refuses for longer than one deadline, and only until the breaker opens; while it is open one call
 * every RETRY_AFTER_MS tries Redis again, so everything is shared again once Redis is back.
 */
export class RedisGuard {
  private readonly breaker = circuitBreaker(handleAll, {
    halfOpenAfter: RETRY_AFTER_MS,
    breaker: new ConsecutiveBreaker(FAILURES_TO_OPEN),
  });

  constructor(events: RedisGuardEvents) {
    this.breaker.onBreak((reason) => events.onDown('error' in reason ? reason.error : reason));
    this.breaker.onReset(() => events.onUp());
  }

  /** Redis was answering at the last call (the breaker is closed). */
  get up(): boolean {
    return this.breaker.state === CircuitState.Closed;
  }

  /** `viaRedis` within the deadline, or else `fallback`: the caller always gets an answer. */
  async run<T>(viaRedis: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    // cockatiel holds every other call while its one half-open trial runs (up to a deadline): go
    // without Redis instead, and let that trial alone find out whether Redis is back.
    if (this.breaker.state === CircuitState.HalfOpen) return fallback();
    let result: { value: T } | undefined;
    try {
      result = { value: await this.breaker.execute(() => withinDeadline(viaRedis(), REDIS_CALL_TIMEOUT_MS)) };
    } catch {
      // The breaker counted it (or was open); the reason is logged once, when the breaker opens.
    }
    return result ? result.value : fallback();
  }
}

/**
 * `work`, or a failure once `ms` have passed. The failure waits one more turn of the event loop
 * (setImmediate runs after the loop has read its sockets): when this process was busy for longer
 * than the deadline (a long synchronous task, a garbage collection), a reply that arrived meanwhile
 * still counts, and Redis is not taken for hanging because Node was (a plain timer fires first).
 */
export function withinDeadline<T>(work: Promise<T>, ms: number, what = 'Redis'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new Error(`${what} did not answer within ${ms} ms`))), ms);
    work.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (err: unknown) => (clearTimeout(timer), reject(err)),
    );
  });
}
