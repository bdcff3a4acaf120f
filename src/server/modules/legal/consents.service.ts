import { CURRENT_LEGAL_VERSIONS, LEGAL_KINDS, legalAskedAt, type LegalKind } from '../../../shared/legal/documents';
import type { Consent, ConsentInput, MyConsents } from '../../../shared/schemas/legal';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { consentsOf, insertConsents, latestVersion, type ConsentContext } from './consents.repository';

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
    stale.map((c) => ({
      path: `body.consents.${c.kind}`,
      message: `The current version is ${CURRENT_LEGAL_VERSIONS[c.kind].version}`,
    })),
  );
}

/** Records consents to current versions (checked here too, so no caller can skip the check). */
export async function recordConsents(
  db: Database,
  userId: number,
  list: readonly ConsentInput[],
  context: ConsentContext,
  at = new Date(),
): Promise<void> {
  assertCurrent(list);
  await insertConsents(db, userId, list, context, at);
}

/** The user's consents, newest first, as the API and the data export show them. */
export async function listConsents(db: Database, userId: number): Promise<Consent[]> {
  return (await consentsOf(db, userId)).map((c) => ({
    ...c,
    kind: c.kind as LegalKind,
    givenAt: c.givenAt.toISOString(),
  }));
}

/**
 * What the user consented to against what is current: `needed` are the kinds the consent screen asks
 * for. A kind asked for only where its data is collected (the sensitive-data notice) is listed in
 * `documents` but never needed here: its own step asks for it (decision 131).
 */
export async function myConsents(db: Database, userId: number): Promise<MyConsents> {
  const list = await listConsents(db, userId);
  const documents = LEGAL_KINDS.map((kind) => {
    const { version, effectiveDate } = CURRENT_LEGAL_VERSIONS[kind];
    // The latest consent of this kind counts: an older version given after a newer one cannot happen (only current ones
    // are recorded).
    const given = list.find((c) => c.kind === kind)?.version ?? null;
    return { kind, version, effectiveDate, askedAt: legalAskedAt(kind), given };
  });
  return {
    consents: list,
    documents,
    needed: documents.filter((d) => d.askedAt === 'signup' && d.given !== d.version).map((d) => d.kind),
  };
}

/**
 * Refuses (403 consent_required, the field naming the kind) unless the user's latest consent of this kind
 * is to its current version: before identity documents are taken or submitted (decision 131).
 */
export async function requireConsent(db: Database, userId: number, kind: LegalKind): Promise<void> {
  const { version } = CURRENT_LEGAL_VERSIONS[kind];
  if ((await latestVersion(db, userId, kind)) === version) return;
  throw new AppError(
    'consent_required',
    `This needs your consent to the current version of the ${kind} document; record it with POST /api/me/consents`,
    [{ path: `consents.${kind}`, message: `The current version is ${version}` }],
  );
}
