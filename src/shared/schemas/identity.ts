import { z } from 'zod';

/** Identity verification (/verify-identity): shared by the API and the web page. */
export const IDENTITY_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'changes_requested'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];
/** While the user may upload (replace) files and submit. */
export const IDENTITY_EDITABLE_STATUSES: readonly IdentityStatus[] = ['draft', 'rejected', 'changes_requested'];

/**
 * The documents a person may verify with: a passport, a national identity card (China's 居民身份证 and
 * the like), and the documents of people who live in Japan: the My Number Card (its front only: the
 * back carries the Individual Number, which is never collected), the residence card (在留カード) and a
 * driver's licence.
 */
export const IDENTITY_DOCUMENT_KINDS = [
  'passport',
  'national_id',
  'my_number_card',
  'residence_card',
  'drivers_license',
] as const;
export type IdentityDocumentKind = (typeof IDENTITY_DOCUMENT_KINDS)[number];

/** The two files: the ID document (image or PDF) and the selfie (image only). */
export const IDENTITY_FILE_KINDS = ['document', 'selfie'] as const;
export type IdentityFileKind = (typeof IDENTITY_FILE_KINDS)[number];

/** Each file at most 10 MB, typed by content. */
export const IDENTITY_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const IDENTITY_MESSAGES = {
  selfieImageOnly: 'The selfie must be a photo: JPEG, PNG, GIF or WEBP.',
  incomplete: 'Choose the document type and upload both the ID document and the selfie before submitting',
} as const;

export const identityFileSchema = z.object({
  kind: z.enum(IDENTITY_FILE_KINDS),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
  /** Authorized URL: works only with the owner's bearer token (or, for the admin URL, an admin's). */
  fileUrl: z.string(),
});
export type IdentityFile = z.infer<typeof identityFileSchema>;

export const identityVerificationSchema = z.object({
  /** null before anything was uploaded. */
  id: z.number().int().nullable(),
  /** 'none' before anything was uploaded. */
  status: z.enum(['none', ...IDENTITY_STATUSES]),
  documentKind: z.enum(IDENTITY_DOCUMENT_KINDS).nullable(),
  document: identityFileSchema.nullable(),
  selfie: identityFileSchema.nullable(),
  /** Uploads and submission are allowed now. */
  editable: z.boolean(),
  /** The rejection reason or the changes asked for. */
  reviewNote: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** users.identityVerified: true once an admin approved. */
  identityVerified: z.boolean(),
  maxBytes: z.number().int(),
});
export type IdentityVerification = z.infer<typeof identityVerificationSchema>;

export const identitySubmitBodySchema = z.object({ documentKind: z.enum(IDENTITY_DOCUMENT_KINDS).optional() }).strict();
export const identityFileParamsSchema = z.object({ kind: z.enum(IDENTITY_FILE_KINDS) });

export const adminIdentitySchema = identityVerificationSchema.extend({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  /** Null for an account made by phone or WeChat without one (decision 147). */
  email: z.string().nullable(),
});
export type AdminIdentityVerification = z.infer<typeof adminIdentitySchema>;
export const adminIdentityListQuerySchema = z.object({
  status: z.enum(IDENTITY_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminIdentityListSchema = z.object({
  data: z.array(adminIdentitySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export const identityRejectBodySchema = z.object({ reason: z.string().trim().min(1).max(2000) });
export const identityRequestChangesBodySchema = z.object({ note: z.string().trim().min(1).max(2000) });
