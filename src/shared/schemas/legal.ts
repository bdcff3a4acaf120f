import { z } from 'zod';
import { CANCELLATION_CASES } from '../booking/cancellation-terms';
import { LEGAL_KINDS, SIGNUP_KINDS, type LegalAskedAt, type LegalKind } from '../legal/documents';
import { LOCALES } from '../locales';

/**
 * GET /api/legal/commerce: what the commerce disclosure (特定商取引法に基づく表記, decision 121) is
 * written from — the operator's particulars (decision 120) and the money rules as this deployment
 * runs them (its deposit and commission rates, the tiers, the time a checkout and an offer hold).
 */
export const commerceDisclosureSchema = z.object({
  operator: z.object({
    name: z.string(),
    representative: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    invoiceNumber: z.string(),
    /** The development stand-ins: the page says the particulars are fictitious. */
    fake: z.boolean(),
  }),
  /** Prices are in this currency (CNY, shown as RMB / 元), integer fen in the API. */
  currency: z.literal('CNY'),
  /** Share of the tour's total paid online at checkout (the deposit); the rest is paid to the guide in person. */
  depositRate: z.number(),
  /** The platform's commission, a share of the total. */
  commissionRate: z.number(),
  /** An unpaid booking is held this long, then released. */
  paymentWindowMinutes: z.number().int(),
  /** A paid booking request the guide leaves unanswered this long is cancelled with a full refund. */
  requestAnswerHours: z.number().int(),
  /** How long a guide's offer stays open unless the guide sets it, and the longest it may. */
  offerValidHours: z.object({ default: z.number().int(), max: z.number().int() }),
  /** Business days a refund takes to arrive, by how it was paid. */
  refundDays: z.object({
    card: z.object({ min: z.number().int(), max: z.number().int() }),
    wallet: z.object({ min: z.number().int(), max: z.number().int() }),
  }),
  /** The cancellation terms: per case, the share of the deposit refunded and the fee as a share of the tour's total. */
  cancellation: z.array(
    z.object({
      case: z.enum(CANCELLATION_CASES),
      refundPercent: z.number(),
      feePercentOfTotal: z.number(),
    }),
  ),
});
export type CommerceDisclosure = z.infer<typeof commerceDisclosureSchema>;

/** The legal documents and the consents given to them (decisions 123 and 124). */
export const legalKindSchema = z.enum(LEGAL_KINDS);
/**
 * Where a document is asked for: at sign-up (and by the consent screen), or only before identity verification
 * (decision 131).
 */
const askedAtSchema = z.enum(['signup', 'identity'] as const satisfies readonly LegalAskedAt[]);

export const legalDocumentSchema = z.object({
  kind: legalKindSchema,
  version: z.string(),
  effectiveDate: z.string().meta({ format: 'date' }),
  /** Where the web app shows it. */
  path: z.string(),
  askedAt: askedAtSchema,
  /** Markdown per language: `# Title`, `## Section {#id}`, paragraphs, lists, tables, **bold**, links. */
  body: z.record(z.enum(LOCALES), z.string()),
});
export const legalDocumentsReplySchema = z.object({ documents: z.array(legalDocumentSchema) });

/** One consent a client gives: the document and the version it showed. */
export const consentInputSchema = z.object({ kind: legalKindSchema, version: z.string().trim().min(1).max(20) });
export type ConsentInput = z.infer<typeof consentInputSchema>;

/** Several consents at once; a kind at most once. */
const consentListOf = <T extends Readonly<Record<string, LegalKind>>>(kind: z.ZodEnum<T>, max: number) =>
  z
    .array(z.object({ kind, version: consentInputSchema.shape.version }))
    .max(max)
    .refine((list) => new Set(list.map((c) => c.kind)).size === list.length, 'Each kind at most once');

/**
 * What sign-up accepts: only the documents asked for there; the sensitive-data consent is given where the data is
 * collected (decision 131).
 */
export const signupConsentListSchema = consentListOf(z.enum(SIGNUP_KINDS), SIGNUP_KINDS.length);

export const recordConsentsBodySchema = z.object({
  consents: consentListOf(legalKindSchema, LEGAL_KINDS.length).refine(
    (list) => list.length > 0,
    'At least one consent',
  ),
  /** The interface language the documents were shown in. */
  locale: z.enum(LOCALES).optional(),
});

export const consentSchema = z.object({
  kind: legalKindSchema,
  version: z.string(),
  givenAt: z.iso.datetime(),
  locale: z.string().nullable(),
  ip: z.string().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

export const myConsentsReplySchema = z.object({
  /** Every consent the user gave, newest first. */
  consents: z.array(consentSchema),
  /** Each document's current version and the version the user last consented to (null: never). */
  documents: z.array(
    z.object({
      kind: legalKindSchema,
      version: z.string(),
      effectiveDate: z.string(),
      askedAt: askedAtSchema,
      given: z.string().nullable(),
    }),
  ),
  /**
   * The kinds asked for at sign-up whose current version the user has not consented to: the web app asks
   * before it continues. A document asked for only before identity verification is never here (decision 131).
   */
  needed: z.array(legalKindSchema),
});
export type MyConsents = z.infer<typeof myConsentsReplySchema>;
