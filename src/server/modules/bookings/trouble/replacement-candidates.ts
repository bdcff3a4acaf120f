// Who could take a booking over (decisions 137, 140): the free guides found, ranked and priced, and what is shown.
import { compareCandidates, compareStanding, REPLACEMENT_CANDIDATES } from '../../../../shared/booking/replacement';
import { addDays } from '../../../../shared/availability';
import { matchLocale } from '../../../../shared/locales';
import type { ReplacementCandidate } from '../../../../shared/schemas/replacements';
import type { Database } from '../../../db/client';
import type { BookingCore } from '../booking/booking-core';
import * as repo from '../booking/bookings.repository';
import type { BookingRow } from '../booking/bookings.repository';
import * as replacements from './replacement.repository';
import { offerOf, type Candidate, type Choice } from './replacement-offers';
import { guidesDays, releasable } from '../booking/schedule.repository';

/** How many listed guides are read at a time, in the ranking's order, before checking who is free. */
const CANDIDATE_PAGE = 25;
const DAY_MS = 86_400_000;

/**
 * The language a replacement must speak: the traveler's (Chinese unless they chose English). The stored
 * locale is read as every language tag is (matchLocale); the guides' languages are spoken ones (en, zh).
 */
const languageOf = (locale: string | null) => (matchLocale(locale) === 'en' ? 'en' : 'zh');

/**
 * Guides free to take the booking over at its date and time, best match first, priced for the
 * traveler; `only` checks one guide (the one chosen), under that guide's lock. A same-day choice
 * (decision 140) takes each guide's first free start that day from SAME_DAY_LEAD_MINUTES on.
 * Guides are read a page at a time in the ranking's order until no unread guide could enter the
 * offered few, so a free guide is never missed behind busy ones rated higher.
 */
export async function replacementCandidates(
  core: BookingCore,
  db: Database,
  booking: BookingRow,
  o: Choice & { only?: number },
  now: Date,
): Promise<Candidate[]> {
  const from = await replacements.cityOf(db, o.fromGuideId);
  if (!from) return [];
  const hours = booking.durationMinutes / 60;
  const query = {
    city: from,
    language: languageOf(await replacements.localeOf(db, booking.travelerId)),
    subcategoryId: booking.subcategoryId,
    travelers: booking.travelers,
    hours,
    days: booking.days,
    currency: booking.currency,
    exclude: o.exclude,
    only: o.only,
    limit: CANDIDATE_PAGE,
  };
  const [dayFrom, dayTo] = [new Date(booking.startsAt.getTime() - DAY_MS), new Date(booking.endsAt.getTime() + DAY_MS)];
  // One traveler, one place: hours the traveler has another tour are offered by nobody, since the
  // choice would refuse them (409 traveler_busy); a checkout the choice would release does not count.
  const travelerBusy = (await repo.travelerOverlaps(db, booking.travelerId, dayFrom, dayTo)).filter(
    (b) => b.id !== booking.id && !releasable(b),
  );
  const rank = compareCandidates(o.price.totalPriceCents + booking.creditCents);
  const out: Candidate[] = [];
  for (let offset = 0; ; offset += CANDIDATE_PAGE) {
    const listed = await replacements.candidateGuides(db, { ...query, offset });
    // Every day of a booking of several days: the exceptions of each date (decision 154).
    const days = await guidesDays(
      db,
      listed.map((g) => g.id),
      booking.date,
      dayFrom,
      dayTo,
      addDays(booking.date, booking.days - 1),
    );
    for (const g of listed) {
      const offer = offerOf(
        booking,
        o,
        g,
        days.get(g.id)!,
        travelerBusy,
        now,
        core.rates,
        core.deps.config.payments.replacementCoverRate,
      );
      if (offer) out.push(offer);
    }
    out.sort(rank);
    const last = listed.at(-1);
    if (!last || listed.length < CANDIDATE_PAGE) break;
    // Read in the order of standing: once the last of the few offered stands above the last guide read,
    // every guide not yet read ranks below it.
    const worstOffered = out[REPLACEMENT_CANDIDATES - 1];
    if (worstOffered && compareStanding(worstOffered, last) < 0) break;
  }
  return out.slice(0, REPLACEMENT_CANDIDATES);
}

/** A candidate as the traveler's choice lists it: without the prices and times the choice keeps to itself. */
export const shownCandidate = ({
  guideId,
  fullName,
  profilePicture,
  rating,
  reviewCount,
  languages,
  licensed,
  totalCents,
  balanceCents,
  coveredCents,
  startsAt,
  scheduledStartTime,
}: Candidate): ReplacementCandidate => ({
  guideId,
  fullName,
  profilePicture,
  rating,
  reviewCount,
  languages,
  licensed,
  totalCents,
  balanceCents,
  coveredCents,
  startsAt,
  scheduledStartTime,
});
