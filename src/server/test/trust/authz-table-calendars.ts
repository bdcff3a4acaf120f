import { randomUUID } from 'node:crypto';
import { guideCalendars } from '../../db/schema/index';
import type { AuthzEntry } from './authz-setup';
import type { TrustFixtures } from './fixtures';

/**
 * A calendar of the listed guide's, written as a row: adding one through the route needs a first good read from a
 * calendar server, and what this table proves is who may touch the row afterwards (decision 200). Its address
 * cannot be opened, so a sync by its owner answers the calendar with its problem, without a call outward.
 */
async function guidesCalendar(f: TrustFixtures): Promise<number> {
  const [row] = await f.t.database.db
    .insert(guideCalendars)
    .values({
      guideId: f.guide.guideId,
      name: 'Agency',
      host: 'calendar.example.com',
      urlSealed: 'not-a-sealed-address',
      urlHash: randomUUID(),
    })
    .returning({ id: guideCalendars.id });
  return row!.id;
}

// Another guide is the stranger that matters here: a traveler is refused before any calendar is looked up
// (403 not_a_guide), as every /guides/me route refuses a traveler.
export const CALENDAR_ENTRIES: Record<string, AuthzEntry> = {
  'DELETE /api/v2/guides/me/calendars/{id}': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.otherGuide],
    setup: async (f) => ({ params: { id: await guidesCalendar(f) } }),
  },
  'POST /api/v2/guides/me/calendars/{id}/sync': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.otherGuide],
    setup: async (f) => ({ params: { id: await guidesCalendar(f) } }),
  },
};
