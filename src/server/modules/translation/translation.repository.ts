import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw-row';
import { guides, translationCache, users } from '../../db/schema/index';

/** Marks the month's stop in `cachedTranslations`' answer (a cache key is 64 hex digits, never this). */
const STOPPED = 'month-stopped';

/**
 * The kept translations of these keys, and whether this month's sending has stopped: one statement
 * for a whole reply (decision 145).
 */
export async function cachedTranslations(
  db: Database,
  keys: string[],
  month: string,
): Promise<{ texts: Map<string, string>; stopped: boolean }> {
  const wanted = keys.length
    ? sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )
    : sql`NULL`;
  const result = await db.execute(sql`
    SELECT key, translated_text FROM translation_cache WHERE key IN (${wanted})
    UNION ALL
    SELECT ${STOPPED}, NULL FROM translation_months WHERE month = ${month} AND stopped_at IS NOT NULL`);
  const texts = new Map<string, string>();
  let stopped = false;
  for (const row of rowsOf<{ key: string; translated_text: string | null }>(result)) {
    if (row.key === STOPPED) stopped = true;
    else if (row.translated_text !== null) texts.set(row.key, row.translated_text);
  }
  return { texts, stopped };
}

/** Keeps a translation (a second run of the same job keeps the first). */
export async function keepTranslation(db: Database, row: typeof translationCache.$inferInsert): Promise<void> {
  await db.insert(translationCache).values(row).onConflictDoNothing();
}

/**
 * Counts `characters` against the month's budget before they are sent: true when they fit and the
 * month has not stopped (the row and the check are one statement, so instances never overspend
 * together).
 */
export async function reserveCharacters(
  db: Database,
  month: string,
  characters: number,
  budget: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO translation_months (month, characters)
    SELECT ${month}, ${characters}::int WHERE ${characters}::int <= ${budget}::int
    ON CONFLICT (month) DO UPDATE SET characters = translation_months.characters + EXCLUDED.characters
      WHERE translation_months.stopped_at IS NULL AND translation_months.characters + EXCLUDED.characters <= ${budget}::int
    RETURNING month`);
  return rowsOf(result).length > 0;
}

/**
 * Gives back characters counted for a call that translated nothing (decision 184): the month pays only for what was
 * translated.
 */
export async function returnCharacters(db: Database, month: string, characters: number): Promise<void> {
  await db.execute(
    sql`UPDATE translation_months SET characters = GREATEST(characters - ${characters}::int, 0) WHERE month = ${month}`,
  );
}

/** Stops sending for the month; true for the call that stopped it (the one that tells the admins). */
export async function stopMonth(db: Database, month: string, now: Date): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO translation_months (month, characters, stopped_at) VALUES (${month}, 0, ${now.toISOString()}::timestamptz)
    ON CONFLICT (month) DO UPDATE SET stopped_at = EXCLUDED.stopped_at WHERE translation_months.stopped_at IS NULL
    RETURNING month`);
  return rowsOf(result).length > 0;
}

/**
 * An account's interface language (users.locale): a signed-in reader's fallback, and a writer's hint (decision 146).
 */
export async function accountLocale(db: Database, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? undefined;
}

/** The account of a guide, whose profile texts count against its daily allowance (decision 184). */
export async function guideAccount(db: Database, guideId: number): Promise<number | undefined> {
  const [row] = await db.select({ userId: guides.userId }).from(guides).where(eq(guides.id, guideId));
  return row?.userId;
}
