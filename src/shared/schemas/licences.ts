import { z } from 'zod';
import { calendarDateSchema } from './common';
import { CREDENTIAL_STATUSES, CREDENTIAL_TYPES, LICENCE_KINDS, PREFECTURES } from '../licences';

/** Licensed guides and insurance proofs (decision 092): shared by the API and the web app. */

export const credentialTypeParamSchema = z.object({ type: z.enum(CREDENTIAL_TYPES) });

/** The text fields of a licence submission (multipart, with the card photo in "file"). */
export const licenceFieldsSchema = z.object({
  licenceKind: z.enum(LICENCE_KINDS),
  region: z.string().trim().max(100).optional(),
  registrationNumber: z.string().trim().min(1).max(40),
  prefecture: z.enum(PREFECTURES),
  /** Comma-separated ISO 639-1 codes of the languages the licence is for (en, zh, ko, …). */
  languages: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((l) => l.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^[a-z]{2}$/, 'ISO 639-1 codes such as en, zh'))
        .min(1)
        .max(12),
    ),
});
/** The text fields of an insurance proof (multipart, with the certificate in "file"). */
export const insuranceFieldsSchema = z.object({
  insurer: z.string().trim().min(1).max(100),
  validUntil: calendarDateSchema,
});

export const credentialSchema = z.object({
  id: z.number().int(),
  type: z.enum(CREDENTIAL_TYPES),
  status: z.enum(CREDENTIAL_STATUSES),
  licenceKind: z.enum(LICENCE_KINDS).nullable(),
  region: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  prefecture: z.enum(PREFECTURES).nullable(),
  languages: z.array(z.string()),
  insurer: z.string().nullable(),
  validUntil: z.string().nullable(),
  file: z.object({ contentType: z.string(), sizeBytes: z.number().int(), fileUrl: z.string() }),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** The rejection reason (shown to the guide). */
  reviewNote: z.string().nullable(),
});
export type Credential = z.infer<typeof credentialSchema>;

/** GET /api/v2/guide/credentials: the guide's licence and insurance proof, and what they allow. */
export const ownCredentialsSchema = z.object({
  licence: credentialSchema.nullable(),
  insurance: credentialSchema.nullable(),
  /** Verified licence and verified, unexpired insurance: the guide may offer to drive. */
  mayDrive: z.boolean(),
  /** The guide's profile says they drive travelers. */
  guideDrives: z.boolean(),
  maxBytes: z.number().int(),
});
export type OwnCredentials = z.infer<typeof ownCredentialsSchema>;

export const guideDrivesBodySchema = z.object({ guideDrives: z.boolean() });

export const adminCredentialSchema = credentialSchema.extend({
  guideId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
});
export type AdminCredential = z.infer<typeof adminCredentialSchema>;
export const adminCredentialListQuerySchema = z.object({
  status: z.enum(CREDENTIAL_STATUSES).optional(),
  type: z.enum(CREDENTIAL_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminCredentialListSchema = z.object({
  data: z.array(adminCredentialSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export const credentialRejectBodySchema = z.object({ reason: z.string().trim().min(1).max(2000) });

/** The verified licence a card and a profile show (null: none). */
export const guideLicenceSchema = z.object({ kind: z.enum(LICENCE_KINDS), region: z.string().nullable() }).nullable();
