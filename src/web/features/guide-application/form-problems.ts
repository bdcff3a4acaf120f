import { MIN_HOURLY_PRICE } from '../../../shared/currency';
import {
  APPLICATION_MIN_AGE,
  missingFields,
  missingLicenceParts,
  type GuideApplication,
} from '../../../shared/schemas/guide-applications';
import { int, isUrl, zipProblem } from './form-inputs';
import { priceOf, toData, type DataKey, type FormState } from './form';

// Where an answer is missing or not valid: per field while typing, per page on submit, and from the server's reply.

/** The step (1–4) of every server field, for 'links back to the page of each' missing field. */
export const FIELD_PAGE: Record<DataKey, 1 | 2 | 3 | 4> = {
  name: 1,
  age: 1,
  gender: 1,
  mbti: 1,
  socialProfileLink: 1,
  serviceCities: 1,
  residenceArea: 1,
  residenceZipcode: 1,
  residenceSince: 1,
  occupation: 1,
  bio: 1,
  languages: 1,
  experienceMonths: 1,
  sessionCount: 1,
  ethicsScore: 2,
  ethicsDescription: 2,
  boundaryScore: 2,
  boundaryDescription: 2,
  supportiveScore: 2,
  supportiveDescription: 2,
  interaction: 3,
  favoriteSpot: 3,
  boundaryResponse: 3,
  emotionalHandling: 3,
  selfSymbol: 3,
  targetGroups: 4,
  minPeople: 4,
  maxPeople: 4,
  minDurationHours: 4,
  maxDurationHours: 4,
  currency: 4,
  basicPricePerHourCents: 4,
  additionalPricePerPersonCents: 4,
  subcategoryIds: 4,
  licence: 1,
};

/** Page 1 also holds the qualification files; their descriptions are required on submit. */
export type Problem = DataKey | 'documents';
export const pageOf = (p: Problem) => (p === 'documents' ? 1 : FIELD_PAGE[p]);

/**
 * What the inputs hold that is not a valid answer, as `guideApplication:errors.*` keys by field.
 * (Empty is not a problem here: that is completeness, checked on submit.)
 */
export type FieldErrors = Partial<Record<keyof FormState | 'residenceSince' | 'experience', string>>;

export function fieldErrors(f: FormState): FieldErrors {
  const e: FieldErrors = {};
  if (f.age.trim()) {
    const age = int(f.age, 0, 100);
    if (age === undefined) e.age = 'errors.age';
    else if (age < APPLICATION_MIN_AGE) e.age = 'errors.minAge';
  }
  if (f.mbti.trim() && !/^[EI][SN][TF][JP]$/i.test(f.mbti.trim())) e.mbti = 'errors.mbti';
  if (f.socialProfileLink.trim() && !isUrl(f.socialProfileLink.trim())) e.socialProfileLink = 'errors.link';
  const zip = zipProblem(f.residenceZipcode);
  if (zip) e.residenceZipcode = zip === 'chars' ? 'errors.zipChars' : 'errors.zip';
  if (!!f.residenceYear !== !!f.residenceMonth) e.residenceSince = 'errors.residenceSince';
  if (
    (f.experienceYears.trim() && int(f.experienceYears, 0, 100) === undefined) ||
    (f.experienceMonths.trim() && int(f.experienceMonths, 0, 11) === undefined)
  ) {
    e.experience = 'errors.experience';
  }
  if (f.sessionCount.trim() && int(f.sessionCount, 0, 100_000) === undefined) e.sessionCount = 'errors.number';
  for (const k of ['minPeople', 'maxPeople'] as const)
    if (f[k].trim() && int(f[k], 1, 50) === undefined) e[k] = 'errors.people';
  for (const k of ['minDurationHours', 'maxDurationHours'] as const)
    if (f[k].trim() && int(f[k], 1, 24) === undefined) e[k] = 'errors.hours';
  const [minP, maxP] = [int(f.minPeople, 1, 50), int(f.maxPeople, 1, 50)];
  if (!e.maxPeople && minP !== undefined && maxP !== undefined && maxP < minP) e.maxPeople = 'errors.maxPeople';
  const [minH, maxH] = [int(f.minDurationHours, 1, 24), int(f.maxDurationHours, 1, 24)];
  if (!e.maxDurationHours && minH !== undefined && maxH !== undefined && maxH < minH)
    e.maxDurationHours = 'errors.maxDuration';
  const basic = f.basicPrice.trim() ? priceOf(f.basicPrice, f.currency) : undefined;
  if (basic === null) e.basicPrice = `errors.price.${f.currency}`;
  else if (basic !== undefined && basic < MIN_HOURLY_PRICE[f.currency]) e.basicPrice = 'errors.priceFloor';
  if (f.additionalPrice.trim() && priceOf(f.additionalPrice, f.currency) === null)
    e.additionalPrice = `errors.price.${f.currency}`;
  return e;
}

/**
 * What stops a submission, in page order: missing required answers (docs/rules/booking-lifecycle.md 'Please complete
 * the following required fields'), a qualification file without its description, and answers that are
 * not valid (an age under 18 among them) — the same rules the server applies.
 */
export function submitProblems(
  f: FormState,
  documents: Pick<GuideApplication['documents'][number], 'description'>[],
): Problem[] {
  const errors = fieldErrors(f);
  const data = toData(f);
  const problems = new Set<Problem>(missingFields(data));
  if (errors.age) problems.add('age');
  if (errors.residenceZipcode) problems.add('residenceZipcode');
  if (errors.residenceSince) problems.add('residenceSince');
  if (errors.experience) problems.add('experienceMonths');
  if (errors.sessionCount) problems.add('sessionCount');
  if (errors.mbti) problems.add('mbti');
  if (errors.socialProfileLink) problems.add('socialProfileLink');
  for (const k of ['minPeople', 'maxPeople', 'minDurationHours', 'maxDurationHours'] as const)
    if (errors[k]) problems.add(k);
  if (errors.basicPrice) problems.add('basicPricePerHourCents');
  if (errors.additionalPrice) problems.add('additionalPricePerPersonCents');
  if (documents.some((doc) => !doc.description.trim())) problems.add('documents');
  if (missingLicenceParts(f.licence).length) problems.add('licence');
  const order = Object.keys(FIELD_PAGE) as DataKey[];
  // The files come last on page 1, after the session count.
  const rank = (p: Problem) => (p === 'documents' ? order.indexOf('sessionCount') + 0.5 : order.indexOf(p));
  return [...problems].sort((a, b) => rank(a) - rank(b));
}

/** Server `fields` paths (data.age, documents.0.description, body.declaration) → problems. */
export function problemsFromServer(fields: { path: string }[] | undefined): Problem[] {
  const out = new Set<Problem>();
  for (const { path } of fields ?? []) {
    const m = /^data\.(\w+)/.exec(path);
    if (m && m[1]! in FIELD_PAGE) out.add(m[1] as DataKey);
    else if (path.startsWith('documents.')) out.add('documents');
  }
  return [...out];
}
