import type { ServiceCitySlug } from '../../../shared/cities';
import { inputToMinor, MIN_HOURLY_PRICE, minorToInput } from '../../../shared/currency';
import {
  APPLICATION_MIN_AGE,
  DEFAULT_APPLICATION_CURRENCY,
  missingFields,
  SCORE_BANDS,
  type APPLICATION_CURRENCIES,
  type APPLICATION_GENDERS,
  type APPLICATION_LANGUAGES,
  missingLicenceParts,
  type ApplicationData,
  type ApplicationLicence,
  type GuideApplication,
  type TARGET_GROUPS,
} from '../../../shared/schemas/guide-applications';

/**
 * The /become-guide form (pages 1–4) as the inputs hold it (text as typed), and the
 * conversions to and from the server draft (`ApplicationData`, money in the minor unit of the chosen
 * currency: yen, or yuan fen, decision 164). Only well-formed values are sent: a half-typed postal code
 * or a price under the floor stays on screen with its message and is saved once valid.
 */
export type Gender = (typeof APPLICATION_GENDERS)[number];
export type Language = (typeof APPLICATION_LANGUAGES)[number];
export type TargetGroup = (typeof TARGET_GROUPS)[number];
export type Currency = (typeof APPLICATION_CURRENCIES)[number];
export type DataKey = keyof ApplicationData;

export interface FormState {
  name: string;
  age: string;
  gender: Gender | '';
  mbti: string;
  socialProfileLink: string;
  serviceCities: ServiceCitySlug[];
  residenceArea: string;
  residenceZipcode: string;
  residenceYear: string;
  residenceMonth: string;
  occupation: string;
  bio: string;
  languages: Language[];
  experienceYears: string;
  experienceMonths: string;
  sessionCount: string;
  ethicsScore: number | null;
  ethicsDescription: string;
  boundaryScore: number | null;
  boundaryDescription: string;
  supportiveScore: number | null;
  supportiveDescription: string;
  interaction: string;
  favoriteSpot: string;
  boundaryResponse: string;
  emotionalHandling: string;
  selfSymbol: string;
  targetGroups: TargetGroup[];
  minPeople: string;
  maxPeople: string;
  minDurationHours: string;
  maxDurationHours: string;
  currency: Currency;
  basicPrice: string;
  additionalPrice: string;
  subcategoryIds: number[];
  /** A declared licence as chosen (decision 171): every part optional until submit. */
  licence: ApplicationLicence;
}

export const SCORE_KEYS = ['ethics', 'boundary', 'supportive'] as const;
export type ScoreKey = (typeof SCORE_KEYS)[number];
export const ANSWER_KEYS = ['interaction', 'favoriteSpot', 'boundaryResponse', 'emotionalHandling', 'selfSymbol'] as const;

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

// ---- postal code (7 digits, typed as 1234567 or 123-4567 and formatted automatically, docs/rules/messaging.md) ----

/** Formats digits and dashes as 123-4567 while typing; anything else is left as typed (and flagged). */
export function formatZip(typed: string): string {
  if (!/^[\d\s-]*$/.test(typed)) return typed;
  const digits = typed.replace(/\D/g, '').slice(0, 7);
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

/** 'chars': not numbers only (the 'Invalid postal code' message); 'digits': not 7 digits. */
export function zipProblem(value: string): 'chars' | 'digits' | undefined {
  const v = value.trim();
  if (!v) return undefined;
  if (!/^[\d\s-]*$/.test(v)) return 'chars';
  if (!/^\d{3}-?\d{4}$/.test(v)) return 'digits';
  return undefined;
}

// ---- money: typed in the chosen currency, sent in its minor unit ----

/** A typed price in the form's currency (whole yen, yuan to the fen), null when it is not one. */
export const priceOf = (text: string, currency: Currency): number | null => {
  const minor = inputToMinor(text, currency);
  return minor !== null && minor <= 10_000_000 ? minor : null;
};

export const scoreBandOf = (score: number | null) => (score === null ? undefined : SCORE_BANDS.find((b) => score >= b.min && score <= b.max));

// ---- conversions ----

const int = (s: string, min: number, max: number): number | undefined => {
  const t = s.trim();
  if (!/^\d{1,6}$/.test(t)) return undefined;
  const n = Number(t);
  return n >= min && n <= max ? n : undefined;
};
const str = (n: number | undefined) => (n === undefined ? '' : String(n));

export function emptyForm(name = ''): FormState {
  return {
    name,
    age: '',
    gender: '',
    mbti: '',
    socialProfileLink: '',
    serviceCities: [],
    residenceArea: '',
    residenceZipcode: '',
    residenceYear: '',
    residenceMonth: '',
    occupation: '',
    bio: '',
    languages: [],
    experienceYears: '',
    experienceMonths: '',
    sessionCount: '',
    ethicsScore: null,
    ethicsDescription: '',
    boundaryScore: null,
    boundaryDescription: '',
    supportiveScore: null,
    supportiveDescription: '',
    interaction: '',
    favoriteSpot: '',
    boundaryResponse: '',
    emotionalHandling: '',
    selfSymbol: '',
    targetGroups: [],
    minPeople: '',
    maxPeople: '',
    minDurationHours: '',
    maxDurationHours: '',
    currency: DEFAULT_APPLICATION_CURRENCY,
    basicPrice: '',
    additionalPrice: '',
    subcategoryIds: [],
    licence: {},
  };
}

/** The saved draft as the inputs show it (a first visit starts with the account's name). */
export function toForm(d: ApplicationData, fallbackName = ''): FormState {
  const [year = '', month = ''] = (d.residenceSince ?? '').split('-');
  const exp = d.experienceMonths;
  return {
    ...emptyForm(),
    name: d.name ?? fallbackName,
    age: str(d.age),
    gender: d.gender ?? '',
    mbti: d.mbti ?? '',
    socialProfileLink: d.socialProfileLink ?? '',
    serviceCities: d.serviceCities ?? [],
    residenceArea: d.residenceArea ?? '',
    residenceZipcode: d.residenceZipcode ? formatZip(d.residenceZipcode) : '',
    residenceYear: year,
    residenceMonth: month,
    occupation: d.occupation ?? '',
    bio: d.bio ?? '',
    languages: d.languages ?? [],
    experienceYears: exp === undefined ? '' : String(Math.floor(exp / 12)),
    experienceMonths: exp === undefined ? '' : String(exp % 12),
    sessionCount: str(d.sessionCount),
    ethicsScore: d.ethicsScore ?? null,
    ethicsDescription: d.ethicsDescription ?? '',
    boundaryScore: d.boundaryScore ?? null,
    boundaryDescription: d.boundaryDescription ?? '',
    supportiveScore: d.supportiveScore ?? null,
    supportiveDescription: d.supportiveDescription ?? '',
    interaction: d.interaction ?? '',
    favoriteSpot: d.favoriteSpot ?? '',
    boundaryResponse: d.boundaryResponse ?? '',
    emotionalHandling: d.emotionalHandling ?? '',
    selfSymbol: d.selfSymbol ?? '',
    targetGroups: d.targetGroups ?? [],
    minPeople: str(d.minPeople),
    maxPeople: str(d.maxPeople),
    minDurationHours: str(d.minDurationHours),
    maxDurationHours: str(d.maxDurationHours),
    ...prices(d),
    subcategoryIds: d.subcategoryIds ?? [],
    licence: d.licence ?? {},
  };
}

/**
 * The saved prices as typed. A draft saved without a currency was priced in yuan (the only currency
 * there was); one without prices starts in yen, as a new application does.
 */
function prices(d: ApplicationData): Pick<FormState, 'currency' | 'basicPrice' | 'additionalPrice'> {
  const priced = d.basicPricePerHourCents !== undefined || d.additionalPricePerPersonCents !== undefined;
  const currency = d.currency ?? (priced ? 'CNY' : DEFAULT_APPLICATION_CURRENCY);
  const typed = (minor: number | undefined) => (minor === undefined ? '' : minorToInput(minor, currency));
  return { currency, basicPrice: typed(d.basicPricePerHourCents), additionalPrice: typed(d.additionalPricePerPersonCents) };
}

const isUrl = (s: string) => {
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
};

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
  if ((f.experienceYears.trim() && int(f.experienceYears, 0, 100) === undefined) || (f.experienceMonths.trim() && int(f.experienceMonths, 0, 11) === undefined)) {
    e.experience = 'errors.experience';
  }
  if (f.sessionCount.trim() && int(f.sessionCount, 0, 100_000) === undefined) e.sessionCount = 'errors.number';
  for (const k of ['minPeople', 'maxPeople'] as const) if (f[k].trim() && int(f[k], 1, 50) === undefined) e[k] = 'errors.people';
  for (const k of ['minDurationHours', 'maxDurationHours'] as const) if (f[k].trim() && int(f[k], 1, 24) === undefined) e[k] = 'errors.hours';
  const [minP, maxP] = [int(f.minPeople, 1, 50), int(f.maxPeople, 1, 50)];
  if (!e.maxPeople && minP !== undefined && maxP !== undefined && maxP < minP) e.maxPeople = 'errors.maxPeople';
  const [minH, maxH] = [int(f.minDurationHours, 1, 24), int(f.maxDurationHours, 1, 24)];
  if (!e.maxDurationHours && minH !== undefined && maxH !== undefined && maxH < minH) e.maxDurationHours = 'errors.maxDuration';
  const basic = f.basicPrice.trim() ? priceOf(f.basicPrice, f.currency) : undefined;
  if (basic === null) e.basicPrice = `errors.price.${f.currency}`;
  else if (basic !== undefined && basic < MIN_HOURLY_PRICE[f.currency]) e.basicPrice = 'errors.priceFloor';
  if (f.additionalPrice.trim() && priceOf(f.additionalPrice, f.currency) === null) e.additionalPrice = `errors.price.${f.currency}`;
  return e;
}

/** The draft to save: every well-formed answer (what is empty or not valid yet is left out). */
export function toData(f: FormState): ApplicationData {
  const d: ApplicationData = {};
  const text = (k: 'name' | 'residenceArea' | 'occupation' | 'bio' | 'ethicsDescription' | 'boundaryDescription' | 'supportiveDescription' | (typeof ANSWER_KEYS)[number]) => {
    const v = f[k].trim();
    if (v) d[k] = v;
  };
  text('name');
  const age = int(f.age, 0, 100);
  if (age !== undefined) d.age = age;
  if (f.gender) d.gender = f.gender;
  if (f.mbti.trim() && /^[EI][SN][TF][JP]$/i.test(f.mbti.trim())) d.mbti = f.mbti.trim().toUpperCase();
  if (f.socialProfileLink.trim() && isUrl(f.socialProfileLink.trim())) d.socialProfileLink = f.socialProfileLink.trim();
  if (f.serviceCities.length) d.serviceCities = f.serviceCities;
  text('residenceArea');
  if (f.residenceZipcode.trim() && !zipProblem(f.residenceZipcode)) d.residenceZipcode = formatZip(f.residenceZipcode.trim());
  if (/^(19|20)\d{2}$/.test(f.residenceYear) && /^(0[1-9]|1[0-2])$/.test(f.residenceMonth)) d.residenceSince = `${f.residenceYear}-${f.residenceMonth}`;
  text('occupation');
  text('bio');
  if (f.languages.length) d.languages = f.languages;
  const [years, months] = [int(f.experienceYears, 0, 100), int(f.experienceMonths, 0, 11)];
  if ((f.experienceYears.trim() || f.experienceMonths.trim()) && (years !== undefined || !f.experienceYears.trim()) && (months !== undefined || !f.experienceMonths.trim())) {
    d.experienceMonths = (years ?? 0) * 12 + (months ?? 0);
  }
  const sessions = int(f.sessionCount, 0, 100_000);
  if (sessions !== undefined) d.sessionCount = sessions;
  for (const k of SCORE_KEYS) {
    const s = f[`${k}Score`];
    if (s !== null) d[`${k}Score`] = s;
    text(`${k}Description`);
  }
  ANSWER_KEYS.forEach(text);
  if (f.targetGroups.length) d.targetGroups = f.targetGroups;
  for (const k of ['minPeople', 'maxPeople'] as const) {
    const n = int(f[k], 1, 50);
    if (n !== undefined) d[k] = n;
  }
  for (const k of ['minDurationHours', 'maxDurationHours'] as const) {
    const n = int(f[k], 1, 24);
    if (n !== undefined) d[k] = n;
  }
  d.currency = f.currency;
  const basic = f.basicPrice.trim() ? priceOf(f.basicPrice, f.currency) : null;
  if (basic !== null && basic >= MIN_HOURLY_PRICE[f.currency]) d.basicPricePerHourCents = basic;
  const additional = f.additionalPrice.trim() ? priceOf(f.additionalPrice, f.currency) : null;
  if (additional !== null) d.additionalPricePerPersonCents = additional;
  if (f.subcategoryIds.length) d.subcategoryIds = f.subcategoryIds;
  if (Object.keys(f.licence).length) d.licence = { ...f.licence, ...(f.licence.registrationNumber && { registrationNumber: f.licence.registrationNumber.trim() }) };
  return d;
}

/**
 * What stops a submission, in page order: missing required answers (docs/rules/booking-lifecycle.md 'Please complete the
 * following required fields'), a qualification file without its description, and answers that are
 * not valid (an age under 18 among them) — the same rules the server applies.
 */
export function submitProblems(f: FormState, documents: Pick<GuideApplication['documents'][number], 'description'>[]): Problem[] {
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
  for (const k of ['minPeople', 'maxPeople', 'minDurationHours', 'maxDurationHours'] as const) if (errors[k]) problems.add(k);
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
