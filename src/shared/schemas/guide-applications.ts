import { z } from 'zod';
import { displayText } from '../display-text';
import { SERVICE_CITY_SLUGS } from '../cities';
import { MIN_HOURLY_PRICE } from '../currency';
import { LICENCE_KINDS, LICENCE_LANGUAGES, PREFECTURES } from '../licences';
import { formatMoney } from '../money-format';
import { guideStatusSchema } from './user';
import { listingStatusSchema } from './guides';

/**
 * Guide application (the four pages and their rules: docs/rules/guides-and-licences.md). Shared by the API and the
 * /become-guide pages.
 */
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
/**
 * Qualification files: JPEG, PNG, GIF, WEBP or PDF, at most 10 MB each, at most this many (shown as 'uploaded x/max';
 * docs/rules/guides-and-licences.md).
 */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MAX_FILES = 5;

export const APPLICATION_STATUSES = [
  'draft',
  'submitted',
  'under_review',
  'changes_requested',
  'approved',
  'rejected',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** While the applicant may still edit and (re)submit. */
export const EDITABLE_STATUSES: readonly ApplicationStatus[] = ['draft', 'changes_requested', 'rejected'];

export const TARGET_GROUPS = ['individual', 'couple', 'family', 'group', 'child', 'elderly', 'business'] as const;
export const APPLICATION_LANGUAGES = ['zh', 'ja', 'en'] as const;
export const APPLICATION_GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export const APPLICATION_CURRENCIES = ['CNY', 'JPY'] as const;
/** What a new application prices in until the applicant chooses: guides live and are paid in Japan (decision 164). */
export const DEFAULT_APPLICATION_CURRENCY = 'JPY' as const;

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
/** An amount in the minor unit of the application's `currency` (decision 164): yen, or yuan fen. */
const money = z.number().int().min(0).max(10_000_000);

/**
 * The hourly price's floor in the application's own currency (¥1,000 or 50 元): a draft or a submission under it is
 * refused.
 */
function hourlyFloor(
  d: { currency?: (typeof APPLICATION_CURRENCIES)[number]; basicPricePerHourCents?: number },
  ctx: z.RefinementCtx,
) {
  if (d.currency === undefined || d.basicPricePerHourCents === undefined) return;
  const floor = MIN_HOURLY_PRICE[d.currency];
  if (d.basicPricePerHourCents < floor) {
    ctx.addIssue({
      code: 'custom',
      path: ['basicPricePerHourCents'],
      message: `The lowest price is ${formatMoney(floor, d.currency, 'en')} an hour`,
    });
  }
}

/**
 * A guide licence declared while applying (decision 171): what the registry lists, and which of the
 * uploaded documents is the licence card. Every part may be missing from a draft; a declared licence
 * (one with a kind) needs all of them on submit. The protected titles it covers are accepted in the
 * answers, and the reviewer checks the registration before approving.
 */
export const applicationLicenceSchema = z
  .object({
    kind: z.enum(LICENCE_KINDS),
    region: line(100),
    registrationNumber: line(40),
    prefecture: z.enum(PREFECTURES),
    languages: z.array(z.enum(LICENCE_LANGUAGES)).max(LICENCE_LANGUAGES.length),
    /** One of the application's documents: the licence card. */
    documentId: z.number().int().positive().max(2_147_483_647),
  })
  .partial()
  .strict();
export type ApplicationLicence = z.infer<typeof applicationLicenceSchema>;

/** What a declared licence still lacks for submission (dotted paths under `data.licence`). */
export function missingLicenceParts(licence: ApplicationLicence | undefined): string[] {
  if (!licence?.kind) return [];
  const missing: string[] = [];
  if (!licence.registrationNumber?.trim()) missing.push('registrationNumber');
  if (!licence.prefecture) missing.push('prefecture');
  if (!licence.languages?.length) missing.push('languages');
  if (licence.kind === 'regional' && !licence.region?.trim()) missing.push('region');
  if (!licence.documentId) missing.push('documentId');
  return missing;
}

/**
 * Everything the four pages hold. Every field is optional in a draft (saved as typed); types and
 * ranges are checked on every save (the hourly floor in the chosen currency among them),
 * completeness, the minimum age and the declaration on submit.
 */
const applicationFields = z
  .object({
    // Page 1
    name: line(100),
    age: z.number().int().min(0).max(APPLICATION_MAX_AGE),
    gender: z.enum(APPLICATION_GENDERS),
    mbti: z
      .string()
      .trim()
      .regex(/^$|^[EI][SN][TF][JP]$/i, 'Four letters such as INFJ')
      .max(4),
    socialProfileLink: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .url()
        .max(500)
        .refine((u) => /^https?:\/\//i.test(u), 'An http(s) link'),
    ]),
    serviceCities: z.array(z.enum(SERVICE_CITY_SLUGS)).max(10),
    residenceArea: line(200),
    residenceZipcode: z
      .string()
      .trim()
      .regex(/^$|^\d{3}-?\d{4}$/, 'Please enter a valid 7-digit postal code.'),
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
    basicPricePerHourCents: money,
    additionalPricePerPersonCents: money,
    subcategoryIds: z.array(z.number().int().positive().max(2_147_483_647)).max(50),
    // Page 1, optional: a licence (decision 171).
    licence: applicationLicenceSchema,
  })
  .partial()
  .strict();
export const applicationDataSchema = applicationFields.superRefine(hourlyFloor);
export type ApplicationData = z.infer<typeof applicationDataSchema>;

/** Required on submit (every field but the optional ones below). */
export const OPTIONAL_FIELDS = ['mbti', 'socialProfileLink', 'additionalPricePerPersonCents', 'licence'] as const;
export const REQUIRED_FIELDS = (Object.keys(applicationFields.shape) as (keyof ApplicationData)[]).filter(
  (k) => !(OPTIONAL_FIELDS as readonly string[]).includes(k),
);

/** The fields of a draft that are missing for submission (empty strings and lists count as missing). */
export function missingFields(data: ApplicationData): (keyof ApplicationData)[] {
  return REQUIRED_FIELDS.filter((k) => {
    const v = data[k];
    return (
      v === undefined ||
      v === null ||
      (typeof v === 'string' && v.trim() === '') ||
      (Array.isArray(v) && v.length === 0)
    );
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
  /**
   * For the applicant's own draft: each saved answer or file description that holds a protected title
   * the declared licence does not cover, with what to do, in the applicant's language (decision 171).
   * Submitting is refused while there is one. Always empty for an admin's view.
   */
  titleProblems: z.array(z.object({ path: z.string(), message: z.string() })),
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
export const adminApplicationListSchema = z.object({
  data: z.array(adminApplicationSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export const rejectBodySchema = z.object({ reason: z.string().trim().min(1).max(2000) });
export const requestChangesBodySchema = z.object({ message: z.string().trim().min(1).max(2000) });
