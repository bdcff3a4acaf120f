import { z } from 'zod';
import { currencySchema } from './common';

/** Admin views of users and bookings. */
export const adminUserSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  /** Null for an account made by phone or WeChat without one (decision 147). */
  email: z.string().nullable(),
  isGuide: z.boolean(),
  isAdmin: z.boolean(),
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const ADMIN_USERS_PAGE_SIZE = 20;

export const adminUserQuerySchema = z.object({
  /** Part of the username, e-mail or name; empty lists the newest accounts. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const adminUserListSchema = z.object({
  users: z.array(adminUserSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const adminBookingSummarySchema = z.object({
  id: z.number().int(),
  bookingNumber: z.string(),
  status: z.string(),
  date: z.string(),
  startsAt: z.string(),
  /** Consecutive days from `date` (decision 154). */
  days: z.number().int(),
  /** In the minor unit of `currency`, the booking's own (the guide's, decision 164). */
  totalPriceCents: z.number().int(),
  depositCents: z.number().int(),
  currency: currencySchema,
  traveler: z.object({ id: z.number().int(), username: z.string(), fullName: z.string() }),
  guide: z.object({ id: z.number().int(), userId: z.number().int(), username: z.string(), fullName: z.string() }),
});

export const adminUserDetailSchema = z.object({
  user: adminUserSummarySchema.extend({
    suspensionReason: z.string().nullable(),
    identityVerified: z.boolean(),
    guide: z.object({ id: z.number().int(), status: z.string(), serviceCity: z.string() }).nullable(),
  }),
  /** The latest 50 bookings the user is in, as traveler or as guide. */
  bookings: z.array(adminBookingSummarySchema.extend({ role: z.enum(['traveler', 'guide']) })),
});

export const suspendBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });

export const adminBookingQuerySchema = z.object({ number: z.string().trim().min(1).max(40) });
export const adminBookingListSchema = z.object({ bookings: z.array(adminBookingSummarySchema) });

export const timelineEventSchema = z.object({
  at: z.string(),
  /** created, paid, accepted, payment, extension, cancelled, completed, dispute_opened, dispute_resolved, admin */
  event: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

export const adminBookingDetailSchema = z.object({
  booking: adminBookingSummarySchema.extend({
    /** One day's length. */
    durationMinutes: z.number().int(),
    /** Every day of the booking, first to last (one for a booking of one day). */
    schedule: z.array(z.object({ date: z.string(), startsAt: z.string(), endsAt: z.string() })),
    travelers: z.number().int(),
    timeZone: z.string(),
    meetingAddress: z.string().nullable(),
    cancelledBy: z.string().nullable(),
    cancelReason: z.string().nullable(),
  }),
  timeline: z.array(timelineEventSchema),
  /**
   * Each entry in its own currency (a converted booking's traveler side is in the charge's); `total` is the booking's
   * currency's sum.
   */
  ledger: z.object({
    entries: z.array(
      z.object({
        id: z.number().int(),
        account: z.string(),
        kind: z.string(),
        amountCents: z.number().int(),
        currency: currencySchema,
        createdAt: z.string(),
      }),
    ),
    total: z.number().int(),
  }),
});

/** A job that used up its retries (a dead letter), for the console; `payload` holds ids only. */
export const failedJobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  runAt: z.string(),
  failedAt: z.string(),
});
export const failedJobListSchema = z.object({
  jobs: z.array(failedJobSchema),
  nextBefore: z.number().int().nullable(),
});
export const failedJobQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
