import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { REDIS_CALL_TIMEOUT_MS, RedisGuard, withinDeadline } from './redis-guard';

/** Keeps this process busy, as a long synchronous task would. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('the Redis breaker (decision 101)', () => {
  it('answers from the fallback once Redis has failed three times, without asking Redis again', async () => {
    const events: string[] = [];
    const guard = new RedisGuard({ onDown: () => events.push('down'), onUp: () => events.push('up') });
    let asked = 0;
    const failing = async () => {
      asked++;
      throw new Error('ECONNREFUSED');
    };
    for (let i = 0; i < 3; i++) expect(await guard.run(failing, () => 'local')).toBe('local');
    expect(events).toEqual(['down']);
    expect(guard.up).toBe(false);
    const started = performance.now();
    expect(await guard.run(failing, () => 'local')).toBe('local');
    expect(asked).toBe(3);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('gives a hanging call one deadline, then the fallback', async () => {
    const guard = new RedisGuard({ onDown: () => {}, onUp: () => {} });
    const started = performance.now();
    expect(
      await guard.run(
        () => new Promise<string>(() => {}),
        () => 'local',
      ),
    ).toBe('local');
    expect(performance.now() - started).toBeGreaterThanOrEqual(REDIS_CALL_TIMEOUT_MS - 5);
    expect(performance.now() - started).toBeLessThan(REDIS_CALL_TIMEOUT_MS + 300);
  });

  it('does not take a busy process for a hung Redis: a reply that came in meanwhile still counts', async () => {
    // Another thread answers at once (as Redis would, over its socket) while this one is busy past
    // the deadline: when this loop comes back, the deadline's timer and the reply are both due.
    const echo = new Worker(
      "require('node:worker_threads').parentPort.on('message', (m) => require('node:worker_threads').parentPort.postMessage(m))",
      { eval: true },
    );
    try {
      await once(echo, 'online');
      const reply = once(echo, 'message').then(([m]) => m as string);
      const answered = withinDeadline(reply, 20);
      // Later in this turn of the loop: the request goes out and this thread is busy for 200 ms.
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          echo.postMessage('PONG');
          busy(200);
          resolve();
        }),
      );
      await expect(answered).resolves.toBe('PONG');
    } finally {
      await echo.terminate();
    }
  });
});
