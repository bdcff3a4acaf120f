import {
  pickText,
  TEXT_LANGUAGES,
  type GuideTextFields,
  type GuideTexts,
  type ItineraryTexts,
} from '../../../shared/guide-texts';
import { normalizePostalCode, postalCodeError } from '../../../shared/messaging/postal-code';
import type { ItineraryBody, OwnItinerary, ProfileBody, ProfileReply } from '../../../shared/schemas/guide-business';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../auth/index';
import type { GuideSearch } from '../guides/index';
import { assertPublicTexts, type PublishedText } from '../licences/index';
import { guideOfUser } from './guide-business.repository';
import {
  deleteItinerary,
  findOwnItinerary,
  insertItinerary,
  listOwnItineraries,
  readProfile,
  updateItinerary,
  writeProfile,
  type ItineraryWrite,
} from './profile.repository';

/** docs/rules/messaging.md postal-code messages, by error kind. */
const POSTAL_MESSAGES = {
  length: 'Please enter a valid 7-digit postal code.',
  not_digits: 'Invalid postal code / Please enter a 7-digit Japanese postal code (numbers only).',
} as const;
/** A guide keeps at most this many sample itineraries. */
export const MAX_ITINERARIES = 20;

type DescriptionField = 'ethicsDescription' | 'boundaryDescription' | 'supportiveDescription';

/** Drops empty strings and empty languages, so "written in" means something was written. */
function cleanGuideTexts(texts: ProfileBody['texts']): GuideTexts {
  const out: GuideTexts = {};
  for (const l of TEXT_LANGUAGES) {
    const fields: GuideTextFields = {};
    for (const [k, v] of Object.entries(texts[l] ?? {}))
      if (typeof v === 'string' && v.trim() !== '') fields[k as keyof GuideTextFields] = v.trim();
    if (Object.keys(fields).length) out[l] = fields;
  }
  return out;
}

/**
 * The guide's own profile and sample itineraries, each text in one or more languages with the
 * original named (decision 070). Writes answer after this server's search has seen them.
 */
export class GuideProfileService {
  constructor(
    private readonly db: Database,
    private readonly search: Pick<GuideSearch, 'sync'>,
  ) {}

  private async guide(viewer: AuthUser) {
    const g = await guideOfUser(this.db, viewer.id);
    if (!g) throw new AppError('not_a_guide', 'Only guides have a guide profile');
    return g;
  }

  async profile(viewer: AuthUser): Promise<ProfileReply> {
    const g = await this.guide(viewer);
    const r = (await readProfile(this.db, g.id))!;
    return {
      guideId: r.guideId,
      email: r.email,
      fullName: r.fullName,
      nickname: r.nickname,
      gender: r.gender ?? r.guideSex,
      age: r.userAge ?? r.guideAge,
      city: r.city,
      mbti: r.userMbti ?? r.guideMbti,
      backgroundImage: r.backgroundImage,
      serviceCity: r.serviceCity,
      residenceZipCode: r.residenceZipCode,
      experienceYears: Math.floor(r.experienceMonths / 12),
      responseTime: r.responseTime,
      originalLanguage: r.originalLanguage,
      texts: r.texts,
      basicPricePerHourCents: r.basicPricePerHourCents,
      additionalPricePerPersonCents: r.additionalPricePerPersonCents,
      minDurationHours: r.minDurationHours,
      currency: r.currency,
    };
  }

  async setProfile(viewer: AuthUser, body: ProfileBody): Promise<ProfileReply> {
    const g = await this.guide(viewer);
    let zip: string | null = null;
    if (body.residenceZipCode && body.residenceZipCode.trim() !== '') {
      const err = postalCodeError(body.residenceZipCode);
      if (err) {
        const kind = err === 'not_digits' ? 'not_digits' : 'length';
        throw new AppError('invalid_postal_code', POSTAL_MESSAGES[kind], [{ path: 'residenceZipCode', message: kind }]);
      }
      zip = normalizePostalCode(body.residenceZipCode);
    }
    const texts = cleanGuideTexts(body.texts);
    const original = body.originalLanguage;
    const bio = texts[original]?.bio;
    if (!bio)
      throw new AppError('text_required', 'Write the bio in its original language', [
        { path: `texts.${original}.bio`, message: 'required' },
      ]);
    const written = Object.entries(texts).flatMap(([l, fields]) =>
      Object.entries(fields).map(([k, v]) => ({ path: `texts.${l}.${k}`, text: v })),
    );
    await assertPublicTexts(this.db, viewer.id, [
      { path: 'fullName', text: body.fullName },
      { path: 'nickname', text: body.nickname },
      { path: 'city', text: body.city },
      ...written,
    ]);
    const current = (await readProfile(this.db, g.id))!;
    const months =
      Math.floor(current.experienceMonths / 12) === body.experienceYears
        ? current.experienceMonths
        : body.experienceYears * 12;
    const plain = (f: DescriptionField) => pickText(texts, f, original, original).text;
    await writeProfile(this.db, {
      userId: viewer.id,
      guideId: g.id,
      user: {
        ...(body.fullName ? { fullName: body.fullName } : {}),
        nickname: body.nickname?.trim() || null,
        gender: body.gender,
        age: body.age,
        city: body.city?.trim() || null,
        mbti: body.mbti ? body.mbti.toUpperCase() : null,
        backgroundImage: body.backgroundImage,
      },
      guide: {
        serviceCity: body.serviceCity,
        residenceZipCode: zip,
        experienceMonths: months,
        responseTime: body.responseTime,
        originalLanguage: original,
        texts,
        bio,
        ethicsDescription: plain('ethicsDescription'),
        boundaryDescription: plain('boundaryDescription'),
        supportiveDescription: plain('supportiveDescription'),
      },
    });
    await this.search.sync();
    return this.profile(viewer);
  }

  // ------------------------------------------------------------ itineraries

  private toOwn(row: Awaited<ReturnType<typeof listOwnItineraries>>[number]): OwnItinerary {
    return {
      id: row.id,
      guideId: row.guideId,
      sortOrder: row.sortOrder,
      durationHours: row.durationHours,
      stops: row.stops.map((s) => ({ time: s.time })),
      shopStops: row.shopStops,
      originalLanguage: row.originalLanguage,
      texts: row.texts as OwnItinerary['texts'],
    };
  }

  async itineraries(viewer: AuthUser): Promise<{ data: OwnItinerary[] }> {
    const g = await this.guide(viewer);
    return { data: (await listOwnItineraries(this.db, g.id)).map((r) => this.toOwn(r)) };
  }

  /** Checks a body and turns it into the stored form (texts per language plus the original in the plain columns). */
  private itineraryWrite(body: ItineraryBody): ItineraryWrite {
    const texts: ItineraryTexts = {};
    for (const l of TEXT_LANGUAGES) {
      const t = body.texts[l];
      if (!t) continue;
      const empty = !t.title && !t.summary && t.stops.every((s) => !s.title && !s.description);
      if (empty && l !== body.originalLanguage) continue;
      if (!t.title)
        throw new AppError('text_required', 'Every written language needs a title', [
          { path: `texts.${l}.title`, message: 'required' },
        ]);
      if (t.stops.length !== body.stops.length) {
        throw new AppError('validation_failed', 'Each language lists the same stops', [
          { path: `texts.${l}.stops`, message: `expected ${body.stops.length} stops` },
        ]);
      }
      texts[l] = {
        title: t.title,
        summary: t.summary,
        stops: t.stops.map((s) => ({ title: s.title, description: s.description })),
      };
    }
    const orig = texts[body.originalLanguage];
    if (!orig)
      throw new AppError('text_required', 'Write the itinerary in its original language', [
        { path: `texts.${body.originalLanguage}.title`, message: 'required' },
      ]);
    const missingStop = orig.stops.findIndex((s) => !s.title);
    if (missingStop >= 0)
      throw new AppError('text_required', 'Every stop needs a title', [
        { path: `texts.${body.originalLanguage}.stops.${missingStop}.title`, message: 'required' },
      ]);
    return {
      durationHours: body.durationHours,
      originalLanguage: body.originalLanguage,
      texts,
      title: orig.title,
      summary: orig.summary,
      stops: body.stops.map((s, i) => ({
        time: s.time,
        title: orig.stops[i]!.title,
        description: orig.stops[i]!.description,
      })),
      shopStops: body.shopStops,
    };
  }

  private async own(viewer: AuthUser, id: number) {
    const row = await findOwnItinerary(this.db, viewer.id, id);
    if (!row) throw notFound('Itinerary');
    return row;
  }

  /** Every text of an itinerary, for the protected-title check. */
  private itineraryTexts(write: ItineraryWrite): PublishedText[] {
    return Object.entries(write.texts)
      .flatMap(([l, t]) => [
        { path: `texts.${l}.title`, text: t.title },
        { path: `texts.${l}.summary`, text: t.summary },
        ...t.stops.flatMap((s, i) => [
          { path: `texts.${l}.stops.${i}.title`, text: s.title },
          { path: `texts.${l}.stops.${i}.description`, text: s.description },
        ]),
      ])
      .concat(write.shopStops.map((s, i) => ({ path: `shopStops.${i}.name`, text: s.name })));
  }

  async createItinerary(viewer: AuthUser, body: ItineraryBody): Promise<OwnItinerary> {
    const g = await this.guide(viewer);
    const write = this.itineraryWrite(body);
    await assertPublicTexts(this.db, viewer.id, this.itineraryTexts(write));
    if ((await listOwnItineraries(this.db, g.id)).length >= MAX_ITINERARIES) {
      throw new AppError('conflict', `A guide keeps at most ${MAX_ITINERARIES} itineraries`, [
        { path: 'itineraries', message: 'limit reached' },
      ]);
    }
    const id = await insertItinerary(this.db, g.id, write);
    await this.search.sync();
    return this.toOwn((await findOwnItinerary(this.db, viewer.id, id))!);
  }

  async updateItinerary(viewer: AuthUser, id: number, body: ItineraryBody): Promise<OwnItinerary> {
    await this.own(viewer, id);
    const write = this.itineraryWrite(body);
    await assertPublicTexts(this.db, viewer.id, this.itineraryTexts(write));
    await updateItinerary(this.db, id, write);
    await this.search.sync();
    return this.toOwn((await findOwnItinerary(this.db, viewer.id, id))!);
  }

  async deleteItinerary(viewer: AuthUser, id: number): Promise<void> {
    await this.own(viewer, id);
    await deleteItinerary(this.db, id);
    await this.search.sync();
  }
}
