import { z } from 'zod';
import { OCTO_CURRENCIES, octoAvailabilitySchema, octoPricingSchema } from './octo';

/**
 * The OCTO API's bookings (decision 202): what a reseller sends to reserve, extend, confirm, change and cancel,
 * and the Booking it reads back, as the OCTO specification and @octocloud/types describe them.
 */

/** The longest hold a reservation may ask for, and the hold without one (minutes). */
export const OCTO_HOLD_MAX_MINUTES = 60;
export const OCTO_HOLD_DEFAULT_MINUTES = 30;

const name = z.string().trim().max(200).nullable().optional();
/** The traveler's contact as the reseller passes it; the e-mail and phone are how we reach them. */
export const octoContactBodySchema = z.object({
  fullName: name,
  firstName: name,
  lastName: name,
  emailAddress: z.email().max(254).nullable().optional(),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,24}$/, 'a phone number, best with its country code: +81 90 1234 5678')
    .nullable()
    .optional(),
  locales: z.array(z.string().max(35)).max(10).optional(),
  postalCode: z.string().max(20).nullable().optional(),
  country: z.string().max(2).nullable().optional(),
  notes: z.string().max(1000).nullable().optional(),
});
export type OctoContactBody = z.infer<typeof octoContactBodySchema>;

const unitItemBody = z.object({
  uuid: z.string().max(64).optional(),
  unitId: z.string().max(32),
  resellerReference: z.string().max(100).optional(),
  contact: octoContactBodySchema.optional(),
});
const unitItems = z.array(unitItemBody).min(1).max(50);
const notes = z.string().max(1000).nullable().optional();
const reference = z.string().trim().max(100).optional();

export const octoReserveBodySchema = z
  .object({
    uuid: z.uuid().optional().describe('Yours, for this booking: the same uuid again answers the same booking'),
    productId: z.string().max(64),
    optionId: z.string().max(32),
    availabilityId: z.string().max(64),
    expirationMinutes: z.number().int().min(1).max(OCTO_HOLD_MAX_MINUTES).optional(),
    notes,
    unitItems,
    resellerReference: reference,
    contact: octoContactBodySchema.optional(),
    currency: z.enum(OCTO_CURRENCIES).nullable().optional(),
  })
  .meta({
    examples: [
      {
        uuid: '7f3c1c9e-5d1a-4c61-9a51-3f0d3b1e2a10',
        productId: 'guide-12',
        optionId: 'hours-3',
        availabilityId: '2026-12-05T09:00:00+09:00',
        currency: 'CNY',
        unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }],
        resellerReference: 'TRIP-100234',
      },
    ],
  });
export type OctoReserveBody = z.infer<typeof octoReserveBodySchema>;

export const octoExtendBodySchema = z
  .object({ expirationMinutes: z.number().int().min(1).max(OCTO_HOLD_MAX_MINUTES).optional() })
  .meta({ examples: [{ expirationMinutes: 60 }] });

export const octoConfirmBodySchema = z
  .object({
    resellerReference: reference,
    emailReceipt: z.boolean().optional(),
    contact: octoContactBodySchema,
    unitItems: unitItems.optional(),
  })
  .meta({
    examples: [
      {
        resellerReference: 'TRIP-100234',
        contact: {
          fullName: '王芳',
          emailAddress: 'wang.fang@example.com',
          phoneNumber: '+86 138 0013 8000',
          locales: ['zh-CN'],
        },
      },
    ],
  });
export type OctoConfirmBody = z.infer<typeof octoConfirmBodySchema>;

export const octoUpdateBodySchema = z
  .object({
    resellerReference: reference,
    notes,
    contact: octoContactBodySchema.optional(),
    unitItems: unitItems.optional(),
    emailReceipt: z.boolean().optional(),
  })
  .meta({
    examples: [{ notes: 'Our daughter uses a stroller', unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] }],
  });
export type OctoUpdateBody = z.infer<typeof octoUpdateBodySchema>;

export const octoCancelBodySchema = z
  .object({ reason: z.string().max(500).nullable().optional(), force: z.boolean().optional() })
  .meta({ examples: [{ reason: 'The family changed their plans' }] });

export const octoBookingParamsSchema = z.object({ uuid: z.string().max(64) });
export const octoBookingsQuerySchema = z.object({
  resellerReference: z.string().max(100).optional(),
  supplierReference: z.string().max(32).optional(),
});

const contactSchema = z.object({
  fullName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  locales: z.array(z.string()),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  notes: z.string().nullable(),
});
export type OctoContactView = z.infer<typeof contactSchema>;

export const OCTO_BOOKING_STATUSES = [
  'ON_HOLD',
  'CONFIRMED',
  'EXPIRED',
  'CANCELLED',
  'REDEEMED',
  'PENDING',
  'REJECTED',
] as const;
export type OctoBookingStatus = (typeof OCTO_BOOKING_STATUSES)[number];

export const octoBookingSchema = z.object({
  id: z.string(),
  uuid: z.string(),
  testMode: z.boolean(),
  resellerReference: z.string().nullable(),
  supplierReference: z
    .string()
    .nullable()
    .describe('Our booking number (TG…), as our site, the guide and receipts say it'),
  status: z.enum(OCTO_BOOKING_STATUSES),
  utcCreatedAt: z.string(),
  utcUpdatedAt: z.string(),
  utcExpiresAt: z.string().nullable(),
  utcRedeemedAt: z.string().nullable(),
  utcConfirmedAt: z.string().nullable(),
  productId: z.string(),
  optionId: z.string(),
  cancellable: z.boolean(),
  cancellation: z
    .object({ refund: z.enum(['FULL', 'PARTIAL', 'NONE']), reason: z.string().nullable(), utcCancelledAt: z.string() })
    .nullable(),
  freesale: z.boolean(),
  availabilityId: z.string().nullable(),
  availability: octoAvailabilitySchema.nullable(),
  contact: contactSchema,
  notes: z.string().nullable(),
  deliveryMethods: z.array(z.enum(['VOUCHER', 'TICKET'])),
  voucher: z.null(),
  unitItems: z.array(
    z.object({
      uuid: z.string(),
      resellerReference: z.string().nullable(),
      supplierReference: z.string().nullable(),
      unitId: z.string(),
      status: z.enum(OCTO_BOOKING_STATUSES),
      utcRedeemedAt: z.string().nullable(),
      contact: contactSchema,
      ticket: z.null(),
    }),
  ),
  pricing: octoPricingSchema.optional(),
});
export type OctoBooking = z.infer<typeof octoBookingSchema>;
