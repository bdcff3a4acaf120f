import { afterAll, beforeAll, expect } from 'vitest';
import type { Receipt } from '../../../shared/schemas/receipts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guidePerson, person, type Person } from '../bookings/test-helpers';

/** Test-only helpers of the receipt suites (receipts.test.ts, numbering.test.ts). */

/**
 * Call at a file's top: its app with a traveler and a yuan guide (made before its tests, closed after) and
 * the reads the tests make. The state lives in this call, not in the module: the API files share a worker's
 * modules (vitest.config.ts).
 */
export function receiptsSuite() {
  const fixture = {} as { t: TestApp; traveler: Person; guide: Awaited<ReturnType<typeof guidePerson>> };
  beforeAll(async () => {
    fixture.t = await createTestApp({ seed: 'none' });
    fixture.traveler = await person(fixture.t);
    fixture.guide = await guidePerson(fixture.t, { priceRmb: 300, maxPeople: 4 });
  });
  afterAll(() => fixture.t.close());

  const get = (url: string, who?: Person) => fixture.t.app.inject({ url, headers: who ? auth(who.token) : {} });
  const receiptsOf = async (bookingId: number, who: Person = fixture.traveler): Promise<Receipt[]> => {
    const res = await get(`/api/v2/bookings/${bookingId}/receipts`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().receipts;
  };

  return { fixture, get, receiptsOf };
}
