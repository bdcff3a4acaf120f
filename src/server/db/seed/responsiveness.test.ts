import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideListReplySchema } from '../../../shared/schemas/guides';
import { sessionFor } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A newcomer sees response figures at once: the demo guide answers quickly, some guides are new. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 120_000);
afterAll(() => t.close());

describe('demo responsiveness', () => {
  // The seeded history (6 of 7 in time) and the demo chat's tour request, answered by the seeded offer.
  it('gives the demo guide figures: 7 of 8 requests answered within 24 h, typically in 30 minutes', async () => {
    const me = await sessionFor(t, 'guide');
    const own = await t.app.inject({ url: '/api/guides/me', headers: auth(me.token) });
    expect(own.json().responsiveness).toEqual({ rate: 87, typicalMinutes: 30, isNew: false });
    // Her inbox: the seeded requests are all read, so only the demo story's unread count remains.
    const unread = await t.app.inject({
      url: `/api/conversations/total-unread-count/${me.id}`,
      headers: auth(me.token),
    });
    expect(unread.json().chatUnreadCount).toBe(0);
  });

  it('shows figures on most cards and New on some', async () => {
    const res = await t.app.inject({ url: '/api/v2/guides?limit=50' });
    const cards = guideListReplySchema.parse(res.json()).data;
    const isNew = cards.filter((g) => g.responsiveness.isNew).length;
    expect(isNew).toBeGreaterThan(5);
    expect(cards.length - isNew).toBeGreaterThan(20);
    const rates = new Set(cards.map((g) => g.responsiveness.rate).filter((r) => r !== null));
    expect(rates.size).toBeGreaterThan(3);
  });
});
