/**
 * The legal documents and their current versions (decision 123). Both halves need the same answer: the
 * server records a consent only to the current version, and the sign-up form sends the versions it
 * showed. The texts themselves are in `texts-en.ts` / `texts-zh-CN.ts`, so a page that needs only the
 * versions does not load them.
 *
 * A new version: change the text, give the kind a new `version` and `effectiveDate`. Every signed-in
 * user who gave the old one is asked again at the next visit (decision 124).
 */
export const LEGAL_KINDS = ['terms', 'privacy', 'cross_border'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

export interface LegalVersion {
  /** Opaque to clients: compared for equality only. */
  version: string;
  /** The day the version applies from (YYYY-MM-DD, Japan time). */
  effectiveDate: string;
}

export const CURRENT_LEGAL_VERSIONS: Readonly<Record<LegalKind, LegalVersion>> = {
  terms: { version: '2', effectiveDate: '2026-11-25' },
  privacy: { version: '2', effectiveDate: '2026-11-25' },
  cross_border: { version: '1', effectiveDate: '2026-11-25' },
};

/** Where each document is read in the web app (a help article's path). */
export const LEGAL_PATHS: Readonly<Record<LegalKind, string>> = {
  terms: '/terms',
  privacy: '/privacy',
  cross_border: '/privacy/cross-border',
};

/** What a client sends to consent to every current document (the sign-up form, the consent screen). */
export const currentConsents = (kinds: readonly LegalKind[] = LEGAL_KINDS) => kinds.map((kind) => ({ kind, version: CURRENT_LEGAL_VERSIONS[kind].version }));

/** A document's text in one language: Markdown in the help articles' subset (`# Title`, `## Section {#id}`, …). */
export type LegalTexts = Readonly<Record<LegalKind, string>>;
