import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { emailOutbox } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Test-only helpers for the account suites (auth.test.ts, password-reset.test.ts). */

/**
 * Call at a file's top: its app (made before its tests, closed after) and the calls the tests make. The
 * state lives in this call, not in the module: the API files share a worker's modules (vitest.config.ts).
 */
export function authSuite() {
  const fixture = {} as { t: TestApp };
  beforeAll(async () => {
    fixture.t = await createTestApp();
  });
  afterAll(() => fixture.t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
    fixture.t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });

  /** Waits until the outbox row has been handed to the (log-only) mailer. */
  async function outboxFor(address: string) {
    for (let i = 0; i < 50; i++) {
      const rows = await fixture.t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
      if (rows.length && rows.every((r) => r.status !== 'pending')) return rows;
      await new Promise((r) => setTimeout(r, 20));
    }
    return fixture.t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
  }

  return { fixture, post, outboxFor };
}
