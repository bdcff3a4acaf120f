import { eq, or } from 'drizzle-orm';
import { currentConsents } from '../../../shared/legal/documents';
import type { Database } from '../client';
import { consents, identityVerifications, users } from '../schema/index';

/**
 * Every demo user (the demo accounts and the seeded guides) has consented to the current documents,
 * so the demo opens without the consent screen (decision 124). A later version asks them again, as it
 * asks everyone.
 */
export async function seedDemoConsents(db: Database, now: Date): Promise<void> {
  const people = await db.select({ id: users.id, locale: users.locale }).from(users);
  const rows = people.flatMap((u) =>
    currentConsents().map((c) => ({ userId: u.id, ...c, givenAt: now, locale: u.locale, ip: null })),
  );
  if (rows.length > 0) await db.insert(consents).values(rows);
}

/**
 * Demo users whose identity is verified or who have identity files also hold the sensitive-data
 * consent those files needed (decision 131), so their verification page asks nothing. A step of its
 * own so that databases seeded before it receive it too.
 */
export async function seedDemoSensitiveConsents(db: Database, now: Date): Promise<void> {
  const people = await db
    .selectDistinct({ id: users.id, locale: users.locale })
    .from(users)
    .leftJoin(identityVerifications, eq(identityVerifications.userId, users.id))
    .where(or(eq(users.identityVerified, true), eq(identityVerifications.userId, users.id)));
  const [consent] = currentConsents(['sensitive_data']);
  if (people.length > 0)
    await db
      .insert(consents)
      .values(people.map((u) => ({ userId: u.id, ...consent!, givenAt: now, locale: u.locale, ip: null })));
}
