/**
 * The demo's open proposals of a new time (decision 079), apart from the planned bookings (bookings.ts):
 * they move bookings those plans made, so they are seeded after them.
 */
import { and, asc, eq } from 'drizzle-orm';
import { addDays } from '../../../shared/availability';
import { bookableSlots } from '../../../shared/booking/schedule';
import { RESCHEDULE_ANSWER_HOURS } from '../../../shared/schemas/reschedule';
import type { Database } from '../client';
import { seedProposalNotice } from './notices';
import { seedSchedule } from './schedule';
import { bookingReschedules, bookings, guides, jobs, users } from '../schema/index';

const HOUR = 3_600_000;

/** In this order: the guide's proposal first, then the traveler's (the order of the rows seeded). */
export async function seedRescheduleProposals(db: Database, now: Date): Promise<void> {
  await seedRescheduleProposal(db, now, GUIDE_PROPOSES);
  await seedRescheduleProposal(db, now, TRAVELER_PROPOSES);
}

interface Proposal {
  status: 'upcoming' | 'confirmed';
  /** The traveler of the booking to move; the demo guide's soonest booking in that status when null. */
  traveler: string | null;
  proposedBy: 'guide' | 'traveler';
  reason: string;
}

const GUIDE_PROPOSES: Proposal = {
  status: 'upcoming',
  traveler: null,
  proposedBy: 'guide',
  reason: '那天浅草有庙会，人会非常多。改到这一天可以吗？路线和价格都不变。',
};
/** The demo guide's dashboard then has a new time to answer among its requests (decision 105). */
const TRAVELER_PROPOSES: Proposal = {
  status: 'confirmed',
  traveler: 'traveler07',
  proposedBy: 'traveler',
  reason: '航班改到了晚一天，能不能把行程也往后挪？',
};

/**
 * Rescheduling at a glance (decision 079): the demo guide has proposed moving the demo
 * traveler's upcoming tour to the first free start on a later day (same length), with a note, made an
 * hour before seeding and open for 48 h; the traveler's trip card shows Accept / Decline, the guide's
 * dashboard shows it waiting. A traveler has asked the same of one of the guide's requests, for the
 * guide to answer.
 */
async function seedRescheduleProposal(db: Database, now: Date, plan: Proposal): Promise<void> {
  const traveler = plan.traveler
    ? (await db.select({ id: users.id }).from(users).where(eq(users.username, plan.traveler)))[0]
    : undefined;
  if (plan.traveler && !traveler) return;
  const [row] = await db
    .select({ booking: bookings, guideUserId: guides.userId })
    .from(bookings)
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .innerJoin(users, eq(users.id, guides.userId))
    .where(
      and(
        eq(users.username, 'guide'),
        eq(bookings.status, plan.status),
        traveler ? eq(bookings.travelerId, traveler.id) : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(1);
  if (!row) return;
  const b = row.booking;
  const { weekly, exceptions, busy } = await seedSchedule(db, b.guideId, { otherThan: b.id });
  for (let i = 1; i <= 14; i++) {
    const date = addDays(b.date, i);
    const [slot] = bookableSlots({
      date,
      durationMinutes: b.durationMinutes,
      timeZone: b.timeZone,
      weekly,
      exceptions,
      busy,
      now,
    });
    if (!slot) continue;
    const createdAt = new Date(now.getTime() - HOUR);
    const expiresAt = new Date(Math.min(createdAt.getTime() + RESCHEDULE_ANSWER_HOURS * HOUR, b.startsAt.getTime()));
    const [p] = await db
      .insert(bookingReschedules)
      .values({
        bookingId: b.id,
        proposedBy: plan.proposedBy,
        proposerId: plan.proposedBy === 'guide' ? row.guideUserId : b.travelerId,
        date,
        startMinute: slot.startMinute,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        fromDate: b.date,
        fromStartMinute: b.startMinute,
        fromStartsAt: b.startsAt,
        reason: plan.reason,
        expiresAt,
        createdAt,
      })
      .returning();
    await db.insert(jobs).values({
      kind: 'booking.reschedule_expiry',
      payload: { bookingId: b.id, proposalId: p!.id },
      runAt: expiresAt,
      dedupeKey: `booking.reschedule_expiry:${p!.id}`,
    });
    const toGuide = plan.proposedBy === 'traveler';
    await seedProposalNotice(db, {
      bookingId: b.id,
      proposalId: p!.id,
      answererId: toGuide ? row.guideUserId : b.travelerId,
      answererIsGuide: toGuide,
      by: plan.proposedBy,
      date,
      startMinute: slot.startMinute,
      reason: plan.reason,
      expiresAt,
      createdAt,
    });
    return;
  }
}
