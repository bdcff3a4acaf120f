import { toMajor } from '../../../shared/currency';
import { pickText, TEXT_LANGUAGES, type TextLanguage } from '../../../shared/guide-texts';
import { NEW_RESPONSIVENESS, type Responsiveness } from '../../../shared/responsiveness';
import type { GuideSummary } from '../../../shared/schemas/guides';
import { guideRates } from '../../../shared/booking/trip-price';
import type { Database } from '../../db/client';
import type { AuthUser } from '../auth/index';
import { responsivenessByGuide } from '../messaging/index';
import type { TextToTranslate } from '../translation/index';
import { savedAmong, servicesForGuides, type SummaryRow } from './guide-cards.repository';

/*
 * A guide's card (GuideSummary) made from its row, in each reader language: what the search keeps
 * (guide-search.ts) and what the saved guides and the service's lists answer (guides.service.ts).
 * Apart from both, so neither imports the other.
 */

/** Rounds the stored average for display (two decimals). */
const roundRating = (r: number) => Math.round(r * 100) / 100;

/** The card's bio for one reader: their language when written, else the original (decision 070). */
function pickBio(
  r: Pick<SummaryRow, 'bio' | 'bioTexts' | 'originalLanguage'>,
  lang: TextLanguage,
): { bio: string; bioLanguage: TextLanguage } {
  const texts = {
    zh: { bio: r.bioTexts?.zh ?? undefined },
    en: { bio: r.bioTexts?.en ?? undefined },
    ja: { bio: r.bioTexts?.ja ?? undefined },
  };
  const { text, language } = pickText(texts, 'bio', lang, r.originalLanguage, r.bio);
  return { bio: text ?? '', bioLanguage: language };
}

/**
 * Turns card rows into the API's guide summaries, one per reader language: services, saved state
 * and response figures in one query each (the figures are read unless given). The search keeps all
 * three so a cached card answers any reader.
 */
export async function toSummaryVariants(
  db: Database,
  rows: SummaryRow[],
  viewer: AuthUser | null,
  figures?: Map<number, Responsiveness>,
): Promise<Record<TextLanguage, GuideSummary>[]> {
  const ids = rows.map((r) => r.id);
  const [services, saved, responsiveness] = await Promise.all([
    servicesForGuides(db, rows),
    savedAmong(db, viewer?.id, ids),
    figures ?? responsivenessByGuide(db, ids),
  ]);
  return rows.map((r) => {
    // The card publishes the rates as the one reading makes them (decision 187); card-quote.ts reads them back.
    const rates = guideRates(r);
    const base = {
      id: r.id,
      userId: r.userId,
      user: { id: r.userId, fullName: r.fullName, profilePicture: r.profilePicture },
      serviceCity: r.serviceCity,
    };
    const rest = {
      languages: r.languages,
      services: services.get(r.id) ?? [],
      hourlyRate: toMajor(r.basicPricePerHourCents, r.currency),
      basicPricePerHourCents: rates.basicPerHourCents,
      additionalPricePerPersonCents: rates.additionalPerPersonCents,
      currency: r.currency,
      rating: roundRating(r.rating),
      reviewCount: r.reviewCount,
      minPeople: r.minPeople,
      maxPeople: r.maxPeople,
      minDuration: r.minDuration,
      maxDuration: r.maxDuration,
      groupPricing: {
        includedPeople: rates.includedPeople,
        childPriceRate: rates.childPriceRate,
        infantsFree: rates.infantsFree,
        dayRateCents: rates.dayRateCents,
        dayHours: rates.dayHours,
      },
      timeZone: r.timeZone,
      instantBook: r.instantBook,
      minNoticeHours: r.minNoticeHours,
      isSaved: saved.has(r.id),
      responsiveness: responsiveness.get(r.id) ?? NEW_RESPONSIVENESS,
      licence: r.licenceKind ? { kind: r.licenceKind, region: r.licenceRegion } : null,
    };
    // Field order as before (bio after serviceCity); the three share the services array.
    const variant = (lang: TextLanguage): GuideSummary => ({ ...base, ...pickBio(r, lang), ...rest });
    return Object.fromEntries(TEXT_LANGUAGES.map((l) => [l, variant(l)])) as Record<TextLanguage, GuideSummary>;
  });
}

/** A card's bio to translate for a `lang` reader: null when it is already in their language (decision 145). */
export const bioToTranslate = (card: GuideSummary, lang: TextLanguage): TextToTranslate | null =>
  card.bioLanguage !== lang && card.bio ? { text: card.bio, from: card.bioLanguage, to: lang, guideId: card.id } : null;
