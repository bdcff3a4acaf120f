import { pickItineraryLanguage, pickText, type TextLanguage } from '../../../shared/guide-texts';
import type { GuideSearchQuery } from '../../../shared/schemas/guide-search';
import type { GuideDetail, GuideSummary, Itinerary, ListingStatus } from '../../../shared/schemas/guides';
import { hasOpenTimes, listingMissing } from '../../../shared/listing';
import { groupSize } from '../../../shared/booking/money-rules';
import type { Database } from '../../db/client';
import type { AuthUser } from '../auth/index';
import { fieldsOf, type TextToTranslate, type Translations } from '../translation/index';
import type { GuideSearch } from './guide-search';
import { cardQuestion, groupQuoteTail } from './card-quote';
import { bioToTranslate, toSummaryVariants } from './guide-cards';
import { notFound } from '../../lib/app-error';
import { savedAmong, type SummaryRow } from './guide-cards.repository';
import { findGuide, findGuideIdByUser, guideDetails, listingFacts } from './guides.repository';
import { trackRecord } from './track-record.repository';

/**
 * Cards with their bios' machine translations: one cache read for the page (saved guides; search keeps its own,
 * decision 145).
 */
export async function withBioTranslations(
  translations: Pick<Translations, 'read'>,
  cards: GuideSummary[],
  lang: TextLanguage,
): Promise<GuideSummary[]> {
  const found = await translations.read(cards.map((c) => bioToTranslate(c, lang)));
  return cards.map((c, i) => ({ ...c, ...fieldsOf('bio', found[i]) }));
}

/** Card rows as guide summaries in one reader's language. */
export async function toSummaries(
  db: Database,
  rows: SummaryRow[],
  viewer: AuthUser | null,
  lang: TextLanguage = 'en',
): Promise<GuideSummary[]> {
  return (await toSummaryVariants(db, rows, viewer)).map((v) => v[lang]);
}

/**
 * `GET /api/v2/guides`'s reply as UTF-8 JSON (guideListReplySchema): the page is joined from its
 * cards' kept JSON, so the hottest route serializes nothing but the caller's own saved hearts.
 * Guide-role callers never see their own listing (a guide browsing as a guide is not a traveler looking for one). An
 * empty result carries `withoutFilter`.
 */
export async function searchReply(
  guideSearch: GuideSearch,
  db: Database,
  q: GuideSearchQuery,
  viewer: AuthUser | null,
  lang: TextLanguage = 'en',
): Promise<Buffer> {
  // A group by age sizes the search as `travelers` does (the schema has checked they agree).
  const group =
    q.adults === undefined ? null : { adults: q.adults, children: q.children ?? 0, infants: q.infants ?? 0 };
  const sized = group ? { ...q, travelers: groupSize(group) } : q;
  const { data, total, withoutFilter, rate } = await guideSearch.search(
    sized,
    viewer?.isGuide || viewer?.role === 'guide' ? viewer.id : undefined,
    lang,
  );
  // The saved hearts are the caller's own: one lookup for the page.
  const saved = await savedAmong(
    db,
    viewer?.id,
    data.map(({ card }) => card.id),
  );
  const ask = cardQuestion(q, rate);
  const parts: Buffer[] = [OPEN_DATA];
  data.forEach(({ card, json }, i) => {
    if (i > 0) parts.push(COMMA);
    const kept = saved.has(card.id) ? Buffer.from(JSON.stringify({ ...card, isSaved: true })) : json;
    // The group's price is the reader's, not the kept card's: spliced before the card's closing brace
    // (the page's one concat below copies both parts once).
    if (ask) parts.push(kept.subarray(0, kept.length - 1), groupQuoteTail(card, ask));
    else parts.push(kept);
  });
  const without = withoutFilter ? `,"withoutFilter":${JSON.stringify(withoutFilter)}` : '';
  parts.push(Buffer.from(`],"total":${total},"page":${q.page},"limit":${q.limit}${without}}`));
  return Buffer.concat(parts);
}
const OPEN_DATA = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

/** A guide's full profile. Paused or suspended listings are visible only to their owner. */
export async function getGuide(
  db: Database,
  id: number,
  viewer: AuthUser | null,
  lang: TextLanguage = 'en',
  translations?: Pick<Translations, 'read'>,
): Promise<GuideDetail> {
  const detail = await guideDetail(db, id, viewer, lang);
  return translations ? withTranslations(translations, detail, lang) : detail;
}

/**
 * The profile's texts that are in another language than the reader's, with their machine
 * translation from the cache: every text of the profile in one statement (decision 145).
 */
async function withTranslations(
  translations: Pick<Translations, 'read'>,
  d: GuideDetail,
  to: TextLanguage,
): Promise<GuideDetail> {
  const ask = (text: string | null, from: TextLanguage): TextToTranslate | null =>
    text && from !== to ? { text, from, to, guideId: d.id } : null;
  const texts = [
    ask(d.bio, d.bioLanguage),
    ask(d.ethicsDescription, d.ethicsDescriptionLanguage),
    ask(d.boundaryDescription, d.boundaryDescriptionLanguage),
    ask(d.supportiveDescription, d.supportiveDescriptionLanguage),
    ...d.itineraries.flatMap((it) => [ask(it.title, it.language), ask(it.summary, it.language)]),
  ];
  const [bio, ethics, boundary, supportive, ...its] = await translations.read(texts);
  return {
    ...d,
    ...fieldsOf('bio', bio),
    ...fieldsOf('ethicsDescription', ethics),
    ...fieldsOf('boundaryDescription', boundary),
    ...fieldsOf('supportiveDescription', supportive),
    itineraries: d.itineraries.map((it, i) => {
      const [title, summary] = [its[2 * i], its[2 * i + 1]];
      if (!title && !summary) return it;
      return {
        ...it,
        titleTranslated: title?.translated,
        summaryTranslated: summary?.translated,
        ...(title?.translation && { translation: title.translation }),
      };
    }),
  };
}

/** The itinerary page with the machine translation of its title, summary and stops: one cache read (decision 145). */
export async function withItineraryTranslations(
  translations: Pick<Translations, 'read'>,
  it: Itinerary,
  to: TextLanguage,
): Promise<Itinerary> {
  const ask = (text: string): TextToTranslate | null =>
    text && it.language !== to ? { text, from: it.language, to, guideId: it.guideId } : null;
  const [title, summary, ...stops] = await translations.read([
    ask(it.title),
    ask(it.summary),
    ...it.stops.flatMap((s) => [ask(s.title), ask(s.description)]),
  ]);
  if (!title && !summary) return it;
  return {
    ...it,
    titleTranslated: title?.translated,
    summaryTranslated: summary?.translated,
    ...(title?.translation && { translation: title.translation }),
    stops: it.stops.map((s, i) => ({
      ...s,
      titleTranslated: stops[2 * i]?.translated,
      descriptionTranslated: stops[2 * i + 1]?.translated,
    })),
  };
}

async function guideDetail(
  db: Database,
  id: number,
  viewer: AuthUser | null,
  lang: TextLanguage,
): Promise<GuideDetail> {
  const row = await findGuide(db, id);
  if (!row || (row.guide.status !== 'active' && row.userId !== viewer?.id)) throw notFound('Guide');
  const [[summary], details, record] = await Promise.all([
    toSummaries(db, [row], viewer, lang),
    guideDetails(db, id),
    trackRecord(db, id),
  ]);
  const g = row.guide;
  const description = (field: 'ethicsDescription' | 'boundaryDescription' | 'supportiveDescription') =>
    pickText(g.texts, field, lang, g.originalLanguage, g[field]);
  const ethics = description('ethicsDescription');
  const boundary = description('boundaryDescription');
  const supportive = description('supportiveDescription');
  return {
    ...summary!,
    age: g.age,
    sex: g.sex,
    mbti: g.mbti,
    ethicsScore: g.ethicsScore,
    ethicsDescription: ethics.text,
    boundaryScore: g.boundaryScore,
    boundaryDescription: boundary.text,
    supportiveScore: g.supportiveScore,
    supportiveDescription: supportive.text,
    ethicsDescriptionLanguage: ethics.language,
    boundaryDescriptionLanguage: boundary.language,
    supportiveDescriptionLanguage: supportive.language,
    originalLanguage: g.originalLanguage,
    occupation: g.occupation,
    qualifications: g.qualifications,
    experienceMonths: g.experienceMonths,
    sessionCount: g.sessionCount,
    targetGroups: g.targetGroups,
    status: g.status,
    itineraries: details.itineraries.map(({ texts, originalLanguage, ...it }) => {
      const language = pickItineraryLanguage(texts, lang, originalLanguage);
      const t = language ? texts[language] : undefined;
      return t
        ? { ...it, title: t.title, summary: t.summary, language: language! }
        : { ...it, language: originalLanguage };
    }),
    availabilities: { weekly: details.weekly, exceptions: details.exceptions },
    ratingDistribution: details.ratingDistribution,
    listed: isListed({
      status: g.status,
      identityVerified: row.identityVerified,
      timeZone: g.timeZone,
      weekly: details.weekly,
      exceptions: details.exceptions,
    }),
    licenceDetails: details.licenceDetails,
    guideDrives: g.guideDrives,
    extras: g.extras,
    trackRecord: record,
  };
}

interface ListingInput {
  status: string;
  identityVerified: boolean;
  timeZone: string;
  weekly: Parameters<typeof hasOpenTimes>[0];
  exceptions: Parameters<typeof hasOpenTimes>[1];
}

/** The listing rule on one guide's facts (decision 091; the search index applies the same rule). */
function isListed(f: ListingInput): boolean {
  return f.status === 'active' && f.identityVerified && hasOpenTimes(f.weekly, f.exceptions, f.timeZone);
}

/**
 * What a user still lacks to be listed (decision 091): GET /api/v2/guide/listing-status for the
 * guide, and the admin's application detail for the applicant.
 */
export async function listingStatus(db: Database, userId: number): Promise<ListingStatus> {
  const facts = await listingFacts(db, userId);
  if (!facts) throw notFound('User');
  const g = facts.guide;
  const openTimes = g ? hasOpenTimes(g.weekly, g.exceptions, g.timeZone) : false;
  const missing = listingMissing({
    applicationApproved: g !== null,
    identityVerified: facts.identityVerified,
    openTimes,
  });
  return {
    listed:
      g !== null &&
      isListed({
        status: g.status,
        identityVerified: facts.identityVerified,
        timeZone: g.timeZone,
        weekly: g.weekly,
        exceptions: g.exceptions,
      }),
    applicationApproved: g !== null,
    identityVerified: facts.identityVerified,
    openTimes,
    guideStatus: g?.status ?? null,
    missing,
  };
}

/** GET /api/guides/me: the caller's own guide profile; 404 for users without one. */
export async function getMyGuide(
  db: Database,
  viewer: AuthUser,
  lang: TextLanguage = 'en',
  translations?: Pick<Translations, 'read'>,
): Promise<GuideDetail> {
  const id = await findGuideIdByUser(db, viewer.id);
  if (id === undefined) throw notFound('Guide profile');
  return getGuide(db, id, viewer, lang, translations);
}

/** 404 unless the guide exists and is listed (used by the per-guide catalogue calls). */
export async function assertListedGuide(db: Database, id: number, viewer: AuthUser | null): Promise<void> {
  const row = await findGuide(db, id);
  if (!row || (row.guide.status !== 'active' && row.userId !== viewer?.id)) throw notFound('Guide');
}
