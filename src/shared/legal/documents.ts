/**
 * The legal documents and their current versions (decision 123). Both halves need the same answer: the
 * server records a consent only to the current version, and the sign-up form sends the versions it
 * showed. The texts themselves are in `texts-en.ts` / `texts-zh-CN.ts`, so a page that needs only the
 * versions does not load them.
 *
 * A new version: change the text, give the kind a new `version` and `effectiveDate`. Every signed-in
 * user who gave the old one is asked again at the next visit (decision 124), or, for the notice on
 * sensitive data, before their next upload (decision 131).
 *
 * Where a document is asked for. The sign-up kinds: at sign-up and, for a new version, by the consent
 * screen every signed-in user passes (decision 124). `sensitive_data`: only where the data it covers is
 * collected — before an ID document or selfie is uploaded; asking everyone for it would bundle it with
 * the others, which PIPL's separate consent forbids (decision 131).
 */
export const SIGNUP_KINDS = ['terms', 'privacy', 'cross_border'] as const;
export const LEGAL_KINDS = [...SIGNUP_KINDS, 'sensitive_data'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];
export type LegalAskedAt = 'signup' | 'identity';
export const legalAskedAt = (kind: LegalKind): LegalAskedAt =>
  (SIGNUP_KINDS as readonly LegalKind[]).includes(kind) ? 'signup' : 'identity';

export interface LegalVersion {
  /** Opaque to clients: compared for equality only. */
  version: string;
  /** The day the version applies from (YYYY-MM-DD, Japan time). */
  effectiveDate: string;
}

export const CURRENT_LEGAL_VERSIONS: Readonly<Record<LegalKind, LegalVersion>> = {
  terms: { version: '3', effectiveDate: '2026-11-27' },
  privacy: { version: '2', effectiveDate: '2026-11-25' },
  cross_border: { version: '1', effectiveDate: '2026-11-25' },
  sensitive_data: { version: '2', effectiveDate: '2026-11-27' },
};

/** Where each document is read in the web app (a help article's path). */
export const LEGAL_PATHS: Readonly<Record<LegalKind, string>> = {
  terms: '/terms',
  privacy: '/privacy',
  cross_border: '/privacy/cross-border',
  sensitive_data: '/privacy/sensitive-data',
};

/**
 * What a client sends to consent to current documents: by default those sign-up asks for (the sign-up form, the demo
 * users).
 */
export const currentConsents = (kinds: readonly LegalKind[] = SIGNUP_KINDS) =>
  kinds.map((kind) => ({ kind, version: CURRENT_LEGAL_VERSIONS[kind].version }));

/** A document's text in one language: Markdown in the help articles' subset (`# Title`, `## Section {#id}`, …). */
export type LegalTexts = Readonly<Record<LegalKind, string>>;
