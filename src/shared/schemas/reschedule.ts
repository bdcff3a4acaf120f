/**
 * Rescheduling a booking (decision 079): either side of a `confirmed` or `upcoming`
 * booking proposes a new date and start time in the guide's zone; the other side accepts or declines
 * with a reason. The price never changes; at most one proposal is open per booking.
 */
import { z } from 'zod';
import { calendarDateSchema, idParam } from './common';
import { TEXT_LANGUAGES } from '../guide-texts';

/** How long a proposal stays open at most; it also closes at the booking's start as it was proposed. */
export const RESCHEDULE_ANSWER_HOURS = 48;

export const RESCHEDULE_STATUSES = ['open', 'accepted', 'declined', 'expired'] as const;

const reason = z.string().trim().max(500);

/** POST /api/v2/bookings/{id}/reschedule: the new slot (guide's zone); a note for the other side is optional. */
export const rescheduleBodySchema = z.object({
  date: calendarDateSchema,
  startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time written HH:MM'),
  reason: reason.optional(),
});
export type RescheduleBody = z.infer<typeof rescheduleBodySchema>;

/** POST …/reschedule/{proposalId}/decline: the reason is required (the proposer sees it). */
export const rescheduleDeclineBodySchema = z.object({ reason: reason.min(1, 'Say why') });

export const rescheduleParamsSchema = z.object({ id: idParam, proposalId: idParam });

/** A proposal as both sides see it: the latest one of a booking rides on the booking view. */
export const rescheduleProposalSchema = z.object({
  id: z.number().int(),
  status: z.enum(RESCHEDULE_STATUSES),
  proposedBy: z.enum(['traveler', 'guide']),
  /** True when the viewer made it (they wait); otherwise the viewer answers it. */
  mine: z.boolean(),
  /** The proposed date and start time in the guide's zone, and the same as instants. */
  date: z.string(),
  startTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** What the booking was when proposed. */
  fromDate: z.string(),
  fromStartTime: z.string(),
  reason: z.string().nullable(),
  declineReason: z.string().nullable(),
  /**
   * The languages of `reason` (the proposer's words) and `declineReason` (the other side's), told as the
   * booking's texts are, by the script and the writer's account language (decision 175); absent without one.
   */
  reasonLanguage: z.enum(TEXT_LANGUAGES).optional(),
  declineReasonLanguage: z.enum(TEXT_LANGUAGES).optional(),
  /** The earlier of 48 h after the proposal and the booking's start when proposed. */
  expiresAt: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RescheduleProposal = z.infer<typeof rescheduleProposalSchema>;
