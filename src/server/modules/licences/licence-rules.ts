import { protectedTitleMessage, protectedTitlesIn } from '../../../shared/protected-titles';
import type { LicenceKind } from '../../../shared/licences';
import { matchLocale, type Locale } from '../../../shared/locales';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { refuseContactDetails } from '../../lib/public-texts';
import { credentialsOfGuide, titleHolder, unsafeDrivingReportOpen, type CredentialRow } from './licences.repository';

/** A text a guide publishes and where it sits in the request body (for the error's fields). */
export interface PublishedText {
  path: string;
  text: string | null | undefined;
}

/** Each written text that uses a protected title `licence` does not cover, with its words. */
function titlesByText(
  texts: readonly PublishedText[],
  licence: LicenceKind | null,
): { path: string; words: string[] }[] {
  return texts.flatMap((t) => {
    const words = typeof t.text === 'string' && t.text.trim() !== '' ? protectedTitlesIn([t.text], licence) : [];
    return words.length ? [{ path: t.path, words }] : [];
  });
}

/**
 * Refuses texts shown about a person or their services (profile, listing, application, offers;
 * decision 099 lists them) that use a protected title (全国通訳案内士, 通訳ガイド, certified guide, and
 * their disguises: decision 099) which `licence` does not cover: 400 protected_title, the message in
 * `locale` naming the words and the reason, one field per text that uses one (decision 092).
 */
export function refuseProtectedTitles(
  texts: readonly PublishedText[],
  licence: LicenceKind | null,
  locale: Locale,
  where: 'licence' | 'application' = 'licence',
): void {
  const found = titlesByText(texts, licence);
  if (found.length === 0) return;
  const words = [...new Set(found.flatMap((f) => f.words))];
  throw new AppError(
    'protected_title',
    protectedTitleMessage(locale, words, where),
    found.map((f) => ({ path: f.path, message: f.words.join(', ') })),
  );
}

/**
 * The licence a signed-in user's texts are held to — their verified one (a guide) or, for an applicant,
 * the one the application declares (decision 171) — and their language; null when nothing is written.
 */
async function titleRule(db: Database, userId: number, texts: readonly PublishedText[], declared: LicenceKind | null) {
  if (!texts.some((t) => typeof t.text === 'string' && t.text.trim() !== '')) return null;
  const holder = await titleHolder(db, userId);
  return { licence: holder?.licenceKind ?? declared, locale: matchLocale(holder?.locale) ?? 'en' };
}

/**
 * The one check of a signed-in user's public texts: no contact details (`refuseContactDetails`, decision
 * 205) and no protected title their licence does not cover (`refuseProtectedTitles`; `applying`: an
 * applicant, with the licence declared), each refusal in the writer's language. `titles: false` where
 * anyone may name a title (a traveler's review of a guide).
 */
export async function assertPublicTexts(
  db: Database,
  userId: number,
  texts: readonly PublishedText[],
  opts: { applying?: { declared: LicenceKind | null }; titles?: boolean } = {},
): Promise<void> {
  const rule = await titleRule(db, userId, texts, opts.applying?.declared ?? null);
  if (!rule) return;
  refuseContactDetails(texts, rule.locale);
  if (opts.titles !== false)
    refuseProtectedTitles(texts, rule.licence, rule.locale, opts.applying ? 'application' : 'licence');
}

/**
 * What `assertPublicTexts` would refuse as titles in an applicant's texts, without refusing: one issue per
 * text, its message naming that text's words and what to do, in the applicant's language.
 */
export async function protectedTitleIssues(
  db: Database,
  userId: number,
  texts: readonly PublishedText[],
  declared: LicenceKind | null,
): Promise<{ path: string; message: string }[]> {
  const rule = await titleRule(db, userId, texts, declared);
  if (!rule) return [];
  return titlesByText(texts, rule.licence).map(({ path, words }) => ({
    path,
    message: protectedTitleMessage(rule.locale, words, 'application'),
  }));
}

const today = () => new Date().toISOString().slice(0, 10);

/** Verified licence and verified insurance whose validity has not ended. */
export function mayDriveWith(rows: readonly CredentialRow[], on = today()): boolean {
  const licence = rows.find((r) => r.type === 'licence');
  const insurance = rows.find((r) => r.type === 'insurance');
  return (
    licence?.status === 'verified' &&
    insurance?.status === 'verified' &&
    (!insurance.validUntil || insurance.validUntil >= on)
  );
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
    throw new AppError(
      'driving_suspended',
      'A traveler reported unsafe driving on one of your tours: you may not drive travelers until support has resolved it',
      [{ path: 'guideDrives', message: 'suspended while a report of unsafe driving is open' }],
    );
  }
}
