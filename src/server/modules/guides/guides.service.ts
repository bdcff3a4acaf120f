import type { GuideDetail, GuideSearchQuery, GuideSummary } from '../../../shared/schemas/guides';
import type { Database } from '../../db/client';
import type { AuthUser } from '../auth/index';
import type { GuideSearch } from './guide-search';
import { notFound } from '../../lib/app-error';
import {
  findGuide,
  findGuideIdByUser,
  guideDetails,
  savedAmong,
  servicesForGuides,
  type SummaryRow,
} from './guides.repository';

/** Rounds the stored average for display (two decimals). */
const roundRating = (r: number) => Math.round(r * 100) / 100;

/** Turns card rows into the API's guide summaries: services and saved state in one query each. */
export async function toSummaries(db: Database, rows: SummaryRow[], viewer: AuthUser | null): Promise<GuideSummary[]> {
  const ids = rows.map((r) => r.id);
  const [services, saved] = await Promise.all([servicesForGuides(db, rows), savedAmong(db, viewer?.id, ids)]);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    user: { id: r.userId, fullName: r.fullName, profilePicture: r.profilePicture },
    serviceCity: r.serviceCity,
    bio: r.bio,
    languages: r.languages,
    services: services.get(r.id) ?? [],
    hourlyRate: r.basicPricePerHourCents / 100,
    basicPricePerHourCents: r.basicPricePerHourCents,
    additionalPricePerPersonCents: r.additionalPricePerPersonCents,
    currency: r.currency,
    rating: roundRating(r.rating),
    reviewCount: r.reviewCount,
    minPeople: r.minPeople,
    maxPeople: r.maxPeople,
    minDuration: r.minDuration,
    maxDuration: r.maxDuration,
    timeZone: r.timeZone,
    isSaved: saved.has(r.id),
  }));
}

/** Search: guide-role callers never see their own listing (SPEC §6). */
export async function search(guideSearch: GuideSearch, db: Database, q: GuideSearchQuery, viewer: AuthUser | null) {
  const { data, total } = await guideSearch.search(q, viewer?.isGuide || viewer?.role === 'guide' ? viewer.id : undefined);
  // The saved hearts are the caller's own: one lookup for the page.
  const saved = await savedAmong(db, viewer?.id, data.map((g) => g.id));
  return { data: saved.size ? data.map((g) => ({ ...g, isSaved: saved.has(g.id) })) : data, total, page: q.page, limit: q.limit };
}

/** A guide's full profile. Paused or suspended listings are visible only to their owner. */
export async function getGuide(db: Database, id: number, viewer: AuthUser | null): Promise<GuideDetail> {
  const row = await findGuide(db, id);
  if (!row || (row.guide.status !== 'active' && row.userId !== viewer?.id)) throw notFound('Guide');
  const [[summary], details] = await Promise.all([toSummaries(db, [row], viewer), guideDetails(db, id)]);
  const g = row.guide;
  return {
    ...summary!,
    age: g.age,
    sex: g.sex,
    mbti: g.mbti,
    ethicsScore: g.ethicsScore,
    ethicsDescription: g.ethicsDescription,
    boundaryScore: g.boundaryScore,
    boundaryDescription: g.boundaryDescription,
    supportiveScore: g.supportiveScore,
    supportiveDescription: g.supportiveDescription,
    occupation: g.occupation,
    qualifications: g.qualifications,
    experienceMonths: g.experienceMonths,
    sessionCount: g.sessionCount,
    targetGroups: g.targetGroups,
    status: g.status,
    itineraries: details.itineraries,
    availabilities: { weekly: details.weekly, exceptions: details.exceptions },
    ratingDistribution: details.ratingDistribution,
  };
}

/** GET /api/guides/me: the caller's own guide profile; 404 for users without one. */
export async function getMyGuide(db: Database, viewer: AuthUser): Promise<GuideDetail> {
  const id = await findGuideIdByUser(db, viewer.id);
  if (id === undefined) throw notFound('Guide profile');
  return getGuide(db, id, viewer);
}

/** 404 unless the guide exists and is listed (used by the per-guide catalogue calls). */
export async function assertListedGuide(db: Database, id: number, viewer: AuthUser | null): Promise<void> {
  const row = await findGuide(db, id);
  if (!row || (row.guide.status !== 'active' && row.userId !== viewer?.id)) throw notFound('Guide');
}
