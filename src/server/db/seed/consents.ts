import { currentConsents } from '../../../shared/legal/documents';
import type { Database } from '../client';
import { consents, users } from '../schema/index';

/**
 * Every demo user (the demo accounts and the seeded guides) has consented to the current documents,
 * so the demo opens without the consent screen (decision 124). A later version asks them again, as it
 * asks everyone.
 */
export async function seedDemoConsents(db: Database, now: Date): Promise<void> {
  const people = await db.select({ id: users.id, locale: users.locale }).from(users);
  const rows = people.flatMap((u) => currentConsents().map((c) => ({ userId: u.id, ...c, givenAt: now, locale: u.locale, ip: null })));
  if (rows.length > 0) await db.insert(consents).values(rows);
}
