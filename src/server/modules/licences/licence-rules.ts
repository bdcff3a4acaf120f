import { protectedTitleMessage, protectedTitlesIn } from '../../../shared/licences';
import { matchLocale } from '../../../shared/locales';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { credentialsOfGuide, guideOfUser, type CredentialRow } from './licences.repository';

/** A text a guide publishes and where it sits in the request body (for the error's fields). */
export interface PublishedText {
  path: string;
  text: string | null | undefined;
}

/**
 * Refuses listing texts that use a protected title (全国通訳案内士, 通訳ガイド, certified guide, …) the
 * guide holds no verified licence for: 400 protected_title, the message in the guide's language
 * naming the words and the reason, one field per text that uses one (decision 092).
 */
export async function assertNoProtectedTitles(db: Database, userId: number, texts: readonly PublishedText[]): Promise<void> {
  const written = texts.filter((t): t is { path: string; text: string } => typeof t.text === 'string' && t.text.trim() !== '');
  if (written.length === 0) return;
  const guide = await guideOfUser(db, userId);
  const licence = guide?.licenceKind ?? null;
  const words = protectedTitlesIn(
    written.map((t) => t.text),
    licence,
  );
  if (words.length === 0) return;
  const fields = written.flatMap((t) => {
    const here = protectedTitlesIn([t.text], licence);
    return here.length ? [{ path: t.path, message: here.join(', ') }] : [];
  });
  throw new AppError('protected_title', protectedTitleMessage(matchLocale(guide?.locale) ?? 'en', words), fields);
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
  if (mayDriveWith(await credentialsOfGuide(db, guideId))) return;
  throw new AppError(
    'licence_required',
    'Only a guide with a verified guide licence and verified passenger insurance may drive travelers; transport is otherwise public transport or a licensed taxi, paid on site',
    [{ path: 'guideDrives', message: 'licence and insurance required' }],
  );
}
