import { z } from 'zod';
import { displayText } from '../display-text';
import { SERVICE_CITY_SLUGS } from '../cities';
import { MIN_HOURLY_PRICE_FEN, MIN_HOURLY_PRICE_RMB } from '../price-range';
import { guideStatusSchema } from './user';
import { listingStatusSchema } from './guides';

/** Guide application (the four pages and their rules: docs/rules/guides-and-licences.md). Shared by the API and the /become-guide pages. */
export const APPLICATION_MIN_AGE = 18;
export const APPLICATION_MAX_AGE = 100;
export const SCORE_MIN = 1;
export const SCORE_MAX = 9;
/** docs/rules/guides-and-licences.md: scores fall in three bands. */
export const SCORE_BANDS = [
  { band: 'low', min: 1, max: 3 },
  { band: 'medium', min: 4, max: 6 },
  { band: 'high', min: 7, max: 9 },
] as const;
/** Qualification files: JPEG, PNG, GIF, WEBP or PDF, at most 10 MB each, at most this many (shown as 'uploaded x/max'; docs/rules/guides-and-licences.md). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MAX_FILES = 5;

export const APPLICATION_STATUSES = ['draft', 'submitted', 'under_review', 'changes_requested', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** While the applicant may still edit and (re)submit. */
export const EDITABLE_STATUSES: readonly ApplicationStatus[] = ['draft', 'changes_requested', 'rejected'];

export const TARGET_GROUPS = ['individual', 'couple', 'family', 'group', 'child', 'elderly', 'business'] as const;
export const APPLICATION_LANGUAGES = ['zh', 'ja', 'en'] as const;
export const APPLICATION_GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export const APPLICATION_CURRENCIES = ['CNY', 'JPY'] as const;

/** docs/rules/guides-and-licences.md messages, quoted exactly. */
export const APPLICATION_MESSAGES = {
  declaration: 'Please confirm declaration',
  incomplete: 'Please complete the following required fields',
  invalidFileType: 'Invalid File Type: Please select a valid image (JPEG, PNG, GIF, WEBP) or PDF file.',
  minAge: `The minimum age for guides is ${APPLICATION_MIN_AGE}`,
} as const;

/** Display texts (decision 099): `line` for one-line answers, `text` for those that keep line breaks. */
const line = (max: number) => displayText(max);
const text = (max: number) => displayText(max, { multiline: true });
const score = z.number().int().min(SCORE_MIN).max(SCORE_MAX);
const money = z.number().int().min(0).max(10_000_000);

/**
 * Everything the four pages hold. Every field is optional in a draft (saved as typed); types and
 * ranges are checked on every save, completeness, the minimum age and the declaration on submit.
 */
export const applicationDataSchema = z
  .object({
    // Page 1
    name: line(100),
    age: z.number().int().min(0).max(APPLICATION_MAX_AGE),
    gender: z.enum(APPLICATION_GENDERS),
    mbti: z.string().trim().regex(/^$|^[EI][SN][TF][JP]$/i, 'Four letters such as INFJ').max(4),
    socialProfileLink: z.union([z.literal(''), z.string().trim().url().max(500).refine((u) => /^https?:\/\//i.test(u), 'An http(s) link')]),
    serviceCities: z.array(z.enum(SERVICE_CITY_SLUGS)).max(10),
    residenceArea: line(200),
    residenceZipcode: z.string().trim().regex(/^$|^\d{3}-?\d{4}$/, 'Please enter a valid 7-digit postal code.'),
    /** Year and month, YYYY-MM. */
    residenceSince: z.string().regex(/^$|^(19|20)\d{2}-(0[1-9]|1[0-2])$/, 'YYYY-MM'),
    occupation: line(100),
    bio: text(3000),
    languages: z.array(z.enum(APPLICATION_LANGUAGES)).max(3),
    experienceMonths: z.number().int().min(0).max(1200),
    sessionCount: z.number().int().min(0).max(100_000),
    // Page 2
    ethicsScore: score,
    ethicsDescription: text(2000),
    boundaryScore: score,
    boundaryDescription: text(2000),
    supportiveScore: score,
    supportiveDescription: text(2000),
    // Page 3
    interaction: text(2000),
    favoriteSpot: text(2000),
    boundaryResponse: text(2000),
    emotionalHandling: text(2000),
    selfSymbol: text(2000),
    // Page 4
    targetGroups: z.array(z.enum(TARGET_GROUPS)).max(7),
    minPeople: z.number().int().min(1).max(50),
    maxPeople: z.number().int().min(1).max(50),
    minDurationHours: z.number().int().min(1).max(24),
    maxDurationHours: z.number().int().min(1).max(24),
    currency: z.enum(APPLICATION_CURRENCIES),
    basicPricePerHourCents: money.min(MIN_HOURLY_PRICE_FEN, `The lowest price is ${MIN_HOURLY_PRICE_RMB} an hour`),
    additionalPricePerPersonCents: money,
    subcategoryIds: z.array(z.number().int().positive().max(2_147_483_647)).max(50),
  })
  .partial()
  .strict();
export type ApplicationData = z.infer<typeof applicationDataSchema>;

/** Required on submit (every field but the optional ones below). */
export const OPTIONAL_FIELDS = ['mbti', 'socialProfileLink', 'additionalPricePerPersonCents'] as const;
export const REQUIRED_FIELDS = (Object.keys(applicationDataSchema.shape) as (keyof ApplicationData)[]).filter(
  (k) => !(OPTIONAL_FIELDS as readonly string[]).includes(k),
);

/** The fields of a draft that are missing for submission (empty strings and lists count as missing). */
export function missingFields(data: ApplicationData): (keyof ApplicationData)[] {
  return REQUIRED_FIELDS.filter((k) => {
    const v = data[k];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
  });
}

export const saveDraftBodySchema = z.object({ data: applicationDataSchema });
export const submitBodySchema = z.object({ declaration: z.boolean() });

export const applicationDocumentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  description: z.string(),
  uploadedAt: z.string(),
  /** Private: works with the owner's or an admin's bearer token. */
  fileUrl: z.string(),
});
export const documentDescriptionBodySchema = z.object({ description: text(500) });

export const applicationSchema = z.object({
  id: z.number().int().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  data: applicationDataSchema,
  documents: z.array(applicationDocumentSchema),
  maxDocuments: z.number().int(),
  editable: z.boolean(),
  /** The reason of a rejection, or what to change. */
  reviewNote: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  guideId: z.number().int().nullable(),
});
export type GuideApplication = z.infer<typeof applicationSchema>;

export const applicationStatusReplySchema = z.object({
  /** 'none' when the user has never saved an application. */
  status: z.enum(['none', ...APPLICATION_STATUSES]),
  applicationId: z.number().int().nullable(),
  reviewNote: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  isGuide: z.boolean(),
  guideStatus: guideStatusSchema,
});
export type ApplicationStatusReply = z.infer<typeof applicationStatusReplySchema>;

export const adminApplicationSchema = applicationSchema.extend({
  userId: z.number().int(),
  username: z.string(),
  /** Null for an account made by phone or WeChat without one (decision 147). */
  email: z.string().nullable(),
  /**
   * The applicant's listing facts (decision 091), in the one-application reply only: what would still
   * keep them out of search once the application is approved.
   */
  listing: listingStatusSchema.optional(),
});
export const adminApplicationListQuerySchema = z.object({
  status: z.enum(APPLICATION_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminApplicationListSchema = z.object({ data: z.array(adminApplicationSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export const rejectBodySchema = z.object({ reason: z.string().trim().min(1).max(2000) });
export const requestChangesBodySchema = z.object({ message: z.string().trim().min(1).max(2000) });
