import { CURRENT_LEGAL_VERSIONS, LEGAL_KINDS, type LegalKind } from '../../../shared/legal/documents';
import type { Consent, ConsentInput, MyConsents } from '../../../shared/schemas/legal';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { consentsOf, insertConsents, type ConsentContext } from './consents.repository';

/**
 * A consent is to the version the user was shown, and only the current one is accepted: a form left
 * open across a new version must show the new text before it is agreed to (decision 124).
 */
export function assertCurrent(list: readonly ConsentInput[]): void {
  const stale = list.filter((c) => CURRENT_LEGAL_VERSIONS[c.kind].version !== c.version);
  if (stale.length === 0) return;
  throw new AppError(
    'consent_version_not_current',
    'A consent names a version of a document that is not the current one; load the documents again',
    stale.map((c) => ({ path: `body.consents.${c.kind}`, message: `The current version is ${CURRENT_LEGAL_VERSIONS[c.kind].version}` })),
  );
}

/** Records consents to current versions (checked here too, so no caller can skip the check). */
export async function recordConsents(db: Database, userId: number, list: readonly ConsentInput[], context: ConsentContext, at = new Date()): Promise<void> {
  assertCurrent(list);
  await insertConsents(db, userId, list, context, at);
}

/** The user's consents, newest first, as the API and the data export show them. */
export async function listConsents(db: Database, userId: number): Promise<Consent[]> {
  return (await consentsOf(db, userId)).map((c) => ({ ...c, kind: c.kind as LegalKind, givenAt: c.givenAt.toISOString() }));
}

/** What the user consented to against what is current: `needed` are the kinds to ask for again. */
export async function myConsents(db: Database, userId: number): Promise<MyConsents> {
  const list = await listConsents(db, userId);
  const documents = LEGAL_KINDS.map((kind) => {
    const { version, effectiveDate } = CURRENT_LEGAL_VERSIONS[kind];
    // The latest consent of this kind counts: an older version given after a newer one cannot happen (only current ones are recorded).
    const given = list.find((c) => c.kind === kind)?.version ?? null;
    return { kind, version, effectiveDate, given };
  });
  return { consents: list, documents, needed: documents.filter((d) => d.given !== d.version).map((d) => d.kind) };
}
