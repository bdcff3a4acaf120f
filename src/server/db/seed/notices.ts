import { eq } from 'drizzle-orm';
import { minutesToTime } from '../../../shared/availability';
import { guideBookingPath, travelerBookingPath } from '../../../shared/booking/links';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/locales';
import { notificationTexts } from '../../modules/notifications/index';
import type { Database } from '../client';
import { systemMessages, users } from '../schema/index';

type Texts = Record<Locale, { title: string; message: string; actionLabel?: string }>;

/**
 * A notice the product would have sent for a seeded booking or offer, as the notification module writes
 * it: in the recipient's language, every language's texts kept, unread, linked to its subject, under the
 * dedupe key the real event uses, so a replay of that event adds nothing. In the bell only: a seed
 * sends no e-mail.
 */
export async function seedNotice(
  db: Database,
  n: {
    userId: number;
    type: 'booking' | 'payment';
    text: Texts;
    related: { type: string; id: number };
    actionUrl: string;
    createdAt: Date;
    dedupeKey: string;
    expiresAt?: Date;
  },
): Promise<void> {
  const [person] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, n.userId));
  const locale = LOCALES.find((l) => l === person?.locale) ?? DEFAULT_LOCALE;
  const t = n.text[locale];
  await db
    .insert(systemMessages)
    .values({
      userId: n.userId,
      type: n.type,
      title: t.title,
      message: t.message,
      actionLabel: t.actionLabel ?? null,
      actionUrl: n.actionUrl,
      createdAt: n.createdAt,
      expiresAt: n.expiresAt ?? null,
      relatedEntityType: n.related.type,
      relatedEntityId: n.related.id,
      dedupeKey: n.dedupeKey,
      texts: n.text,
    })
    .onConflictDoNothing();
}

/**
 * A new time proposed to the side who answers it, by when (decision 079), as `booking.reschedule_proposed` tells them.
 */
export async function seedProposalNotice(
  db: Database,
  p: {
    bookingId: number;
    proposalId: number;
    answererId: number;
    answererIsGuide: boolean;
    by: 'traveler' | 'guide';
    date: string;
    startMinute: number;
    reason: string | null;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await seedNotice(db, {
    userId: p.answererId,
    type: 'booking',
    text: notificationTexts.rescheduleProposedForAnswerer(
      bookingNumber(p.bookingId),
      p.by,
      p.date,
      minutesToTime(p.startMinute),
      p.reason,
      p.expiresAt.toISOString(),
    ),
    related: { type: 'booking', id: p.bookingId },
    actionUrl: p.answererIsGuide ? guideBookingPath(p.bookingId) : travelerBookingPath(p.bookingId),
    createdAt: p.createdAt,
    dedupeKey: `booking:${p.bookingId}:reschedule:${p.proposalId}:proposed`,
  });
}
