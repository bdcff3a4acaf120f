import { protectedTitleMessage, protectedTitlesIn } from '../../../shared/protected-titles';
import type { LicenceKind } from '../../../shared/licences';
import { matchLocale, type Locale } from '../../../shared/locales';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { credentialsOfGuide, titleHolder, unsafeDrivingReportOpen, type CredentialRow } from './licences.repository';

/** A text a guide publishes and where it sits in the request body (for the error's fields). */
export interface PublishedText {
  path: string;
  text: string | null | undefined;
}

/**
 * Refuses texts shown about a person or their services (profile, listing, application, offers;
 * decision 099 lists them) that use a protected title (全国通訳案内士, 通訳ガイド, certified guide, and
 * their disguises: decision 099) which `licence` does not cover: 400 protected_title, the message in
 * `locale` naming the words and the reason, one field per text that uses one (decision 092).
 */
export function refuseProtectedTitles(texts: readonly PublishedText[], licence: LicenceKind | null, locale: Locale): void {
  const written = texts.filter((t): t is { path: string; text: string } => typeof t.text === 'string' && t.text.trim() !== '');
  if (written.length === 0) return;
  const words = protectedTitlesIn(
    written.map((t) => t.text),
    licence,
  );
  if (words.length === 0) return;
  const fields = written.flatMap((t) => {
    const here = protectedTitlesIn([t.text], licence);
    return here.length ? [{ path: t.path, message: here.join(', ') }] : [];
  });
  throw new AppError('protected_title', protectedTitleMessage(locale, words), fields);
}

/** `refuseProtectedTitles` for a signed-in user: their verified licence (if a guide) and their language. */
export async function assertNoProtectedTitles(db: Database, userId: number, texts: readonly PublishedText[]): Promise<void> {
  if (!texts.some((t) => typeof t.text === 'string' && t.text.trim() !== '')) return;
  const holder = await titleHolder(db, userId);
  refuseProtectedTitles(texts, holder?.licenceKind ?? null, matchLocale(holder?.locale) ?? 'en');
}

const today = () => new Date().toISOString().slice(0, 10);

/** Verified licence and verified insurance whose validity has not ended. */
export function mayDriveWith(rows: readonly CredentialRow[], on = today()): boolean {
  const licence = rows.find((r) => r.type === 'licence');
  const insurance = rows.find((r) => r.type === 'insurance');
  return licence?.status === 'verified' && insurance?.status === 'verified' && (!insurance.validUntil || insurance.validUntil >= on);
}

/**
 * "The guide drives" (Road Transport Act, 2024 guideline): only a guide with a verified licence and
 * verified passenger/vehicle insurance may offer it; otherwise 409 licence_required.
 */
export async function assertMayDrive(db: Database, guideId: number): Promise<void> {
  if (!mayDriveWith(await credentialsOfGuide(db, guideId))) {
    throw new AppError(
      'licence_required',
      'Only a guide with a verified guide licence and verified passenger insurance may drive travelers; transport is otherwise public transport or a licensed taxi, paid on site',
      [{ path: 'guideDrives', message: 'licence and insurance required' }],
    );
  }
  // Safety before the guide's word: a traveler's open report of unsafe driving stops driving until resolved.
  if (await unsafeDrivingReportOpen(db, guideId)) {
    throw new AppError('driving_suspended', 'A traveler reported unsafe driving on one of your tours: you may not drive travelers until support has resolved it', [
      { path: 'guideDrives', message: 'suspended while a report of unsafe driving is open' },
    ]);
  }
}
