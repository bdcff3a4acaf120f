import type { GuideDetail, GuideSearchQuery, GuideSummary } from '../../../shared/schemas/guides';
import type { Database } from '../../db/client';
import type { AuthUser } from '../auth/index';
import { notFound } from '../../lib/app-error';
import {
  findGuide,
  findGuideIdByUser,
  guideDetails,
  savedAmong,
  searchGuides,
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

/**
 * Search results are the same for everyone asking the same question, so the page of guides and the
 * total are kept for a few seconds (SEARCH_CACHE_TTL_MS, default 10 s; 0 turns it off) in a small
 * in-process LRU. What is personal — the saved hearts — is looked up per request, and a guide's
 * own listing is excluded per caller (SPEC §6: guides never see their own listing).
 */
type CacheEntry = { at: number; value: Promise<{ data: GuideSummary[]; total: number }> };
const searchCaches = new WeakMap<Database, Map<string, CacheEntry>>();
const SEARCH_CACHE_MAX = 500;

/** One search answered from the database: the cards as a visitor sees them, and the total. */
async function searchFromDatabase(db: Database, q: GuideSearchQuery, excludeUserId: number | undefined) {
  const { rows, total } = await searchGuides(db, q, excludeUserId);
  return { data: await toSummaries(db, rows, null), total };
}

function cachedSearch(db: Database, q: GuideSearchQuery, excludeUserId: number | undefined, ttlMs: number) {
  if (ttlMs <= 0) return searchFromDatabase(db, q, excludeUserId);
  let searchCache = searchCaches.get(db);
  if (!searchCache) searchCaches.set(db, (searchCache = new Map()));
  const key = JSON.stringify([q, excludeUserId ?? null]);
  const hit = searchCache.get(key);
  const now = Date.now();
  if (hit && now - hit.at < ttlMs) {
    searchCache.delete(key); // refresh its place in the LRU order
    searchCache.set(key, hit);
    return hit.value;
  }
  const value = searchFromDatabase(db, q, excludeUserId);
  searchCache.set(key, { at: now, value });
  if (searchCache.size > SEARCH_CACHE_MAX) searchCache.delete(searchCache.keys().next().value!);
  const cache = searchCache;
  value.catch(() => cache.delete(key));
  return value;
}

/** Forgets cached search results (after a write that changes what a search shows). */
export function clearSearchCache(db: Database): void {
  searchCaches.get(db)?.clear();
}

/** Search: guide-role callers never see their own listing (SPEC §6). */
export async function search(db: Database, q: GuideSearchQuery, viewer: AuthUser | null, cacheTtlMs = 0) {
  const { data, total } = await cachedSearch(db, q, viewer?.isGuide || viewer?.role === 'guide' ? viewer.id : undefined, cacheTtlMs);
  // The saved hearts are the caller's own: one lookup for the page, never cached.
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
