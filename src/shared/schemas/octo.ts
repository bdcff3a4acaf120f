import { z } from 'zod';

/**
 * The OCTO supplier API at /api/octo (decision 201), as the OCTO specification and its published schemas
 * (@octocloud/types) describe it: what a reseller sends and what it reads back. Ids are strings there.
 */

export const OCTO_CURRENCIES = ['JPY', 'CNY'] as const;

/** Every OCTO failure: HTTP 400 (401 without a valid key), `error` naming the case, the id it names beside it. */
export const octoErrorSchema = z.object({
  error: z.string().describe('UNAUTHORIZED, INVALID_PRODUCT_ID, INVALID_OPTION_ID, INVALID_UNIT_ID, BAD_REQUEST, …'),
  errorMessage: z.string(),
  productId: z.string().optional(),
  optionId: z.string().optional(),
  unitId: z.string().optional(),
  availabilityId: z.string().optional(),
  uuid: z.string().optional(),
  webhookId: z.string().optional(),
  url: z.string().optional().describe('INVALID_WEBHOOK_URL: why not (private_address, not_https, …)'),
});

export const octoSupplierSchema = z.object({
  id: z.string(),
  name: z.string(),
  endpoint: z.string().describe('This API’s base URL'),
  contact: z.object({
    website: z.string().nullable(),
    email: z.string().nullable(),
    telephone: z.string().nullable(),
    address: z.string().nullable(),
  }),
  shortDescription: z.string().nullable().optional(),
});

export type OctoSupplier = z.infer<typeof octoSupplierSchema>;

const taxSchema = z.object({
  name: z.string(),
  retail: z.number().int(),
  original: z.number().int(),
  net: z.number().int().nullable(),
});

/** An amount in the currency's minor unit (yen have none: precision 0; yuan in fen: 2). */
export const octoPricingSchema = z.object({
  original: z.number().int(),
  retail: z.number().int(),
  net: z.number().int().nullable(),
  currency: z.string(),
  currencyPrecision: z.number().int(),
  includedTaxes: z.array(taxSchema),
});
export type OctoPricing = z.infer<typeof octoPricingSchema>;

const unitRestrictionsSchema = z.object({
  minAge: z.number().int(),
  maxAge: z.number().int(),
  idRequired: z.boolean(),
  minQuantity: z.number().int().nullable(),
  maxQuantity: z.number().int().nullable(),
  paxCount: z.number().int(),
  accompaniedBy: z.array(z.string()),
});

export const octoUnitSchema = z.object({
  id: z.string(),
  internalName: z.string(),
  reference: z.string().nullable(),
  type: z.enum(['ADULT', 'CHILD', 'INFANT']),
  restrictions: unitRestrictionsSchema,
  requiredContactFields: z.array(z.string()),
  title: z.string().nullable().optional(),
  shortDescription: z.string().optional(),
});
export type OctoUnit = z.infer<typeof octoUnitSchema>;

export const octoOptionSchema = z.object({
  id: z.string(),
  default: z.boolean(),
  internalName: z.string(),
  reference: z.string().nullable(),
  availabilityLocalStartTimes: z.array(z.string()),
  cancellationCutoff: z.string(),
  cancellationCutoffAmount: z.number().int(),
  cancellationCutoffUnit: z.enum(['minute', 'hour', 'day']),
  requiredContactFields: z.array(z.string()),
  restrictions: z.object({ minUnits: z.number().int().nullable(), maxUnits: z.number().int().nullable() }),
  units: z.array(octoUnitSchema),
  pricingFrom: z.array(octoPricingSchema).optional(),
  title: z.string().optional(),
  shortDescription: z.string().nullable().optional(),
  durationMinutesFrom: z.number().int().optional(),
  durationMinutesTo: z.number().int().nullable().optional(),
});
export type OctoOption = z.infer<typeof octoOptionSchema>;

export const octoProductSchema = z.object({
  id: z.string(),
  internalName: z.string(),
  reference: z.string().nullable().describe('The guide’s id'),
  locale: z.string().describe('The language of the texts: the reader’s when the guide wrote in it, else her original'),
  timeZone: z.string(),
  allowFreesale: z.boolean(),
  instantConfirmation: z.boolean(),
  instantDelivery: z.boolean(),
  availabilityRequired: z.boolean(),
  availabilityType: z.enum(['START_TIME', 'OPENING_HOURS']),
  deliveryFormats: z.array(z.string()),
  deliveryMethods: z.array(z.string()),
  redemptionMethod: z.enum(['DIGITAL', 'PRINT', 'MANIFEST']),
  options: z.array(octoOptionSchema),
  defaultCurrency: z.string().optional(),
  availableCurrencies: z.array(z.string()).optional(),
  pricingPer: z.enum(['BOOKING', 'UNIT']).optional(),
  title: z.string().optional(),
  shortDescription: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  durationMinutesFrom: z.number().int().optional(),
  durationMinutesTo: z.number().int().nullable().optional(),
});
export type OctoProduct = z.infer<typeof octoProductSchema>;

export const octoProductParamsSchema = z.object({ id: z.string().max(64) });

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD');
const unitsAsked = z
  .array(z.object({ id: z.string().max(32), quantity: z.number().int().min(0).max(50) }).strict())
  .max(10)
  .optional();

/** POST /availability/calendar: one product's option over 1–90 days. */
export const octoCalendarBodySchema = z.object({
  productId: z.string().max(64),
  optionId: z.string().max(32),
  localDateStart: localDate,
  localDateEnd: localDate,
  units: unitsAsked,
  currency: z.enum(OCTO_CURRENCIES).nullable().optional(),
});
export type OctoCalendarBody = z.infer<typeof octoCalendarBodySchema>;

/** POST /availability: the start times of a date range (1–90 days), or of the availability ids named. */
export const octoAvailabilityBodySchema = z.object({
  productId: z.string().max(64),
  optionId: z.string().max(32),
  localDateStart: localDate.optional(),
  localDateEnd: localDate.optional(),
  availabilityIds: z.array(z.string().max(64)).min(1).max(100).optional(),
  units: unitsAsked,
  currency: z.enum(OCTO_CURRENCIES).nullable().optional(),
});
export type OctoAvailabilityBody = z.infer<typeof octoAvailabilityBodySchema>;

const availabilityStatus = z.enum(['AVAILABLE', 'SOLD_OUT', 'CLOSED']);
const openingHours = z.array(z.object({ from: z.string(), to: z.string() }));

export const octoCalendarDaySchema = z.object({
  localDate: z.string(),
  available: z.boolean(),
  status: availabilityStatus,
  vacancies: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  openingHours,
  pricingFrom: octoPricingSchema.optional(),
});
export type OctoCalendarDay = z.infer<typeof octoCalendarDaySchema>;

export const octoAvailabilitySchema = z.object({
  id: z.string().describe('The start, as OCTO writes it: local date and time with the zone’s offset'),
  localDateTimeStart: z.string(),
  localDateTimeEnd: z.string(),
  utcCutoffAt: z.string(),
  allDay: z.boolean(),
  available: z.boolean(),
  status: availabilityStatus,
  vacancies: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  maxUnits: z.number().int().nullable(),
  openingHours,
  pricing: octoPricingSchema.optional(),
});
export type OctoAvailability = z.infer<typeof octoAvailabilitySchema>;
