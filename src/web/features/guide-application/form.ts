import type { ServiceCitySlug } from '../../../shared/cities';
import { inputToMinor, MIN_HOURLY_PRICE, minorToInput } from '../../../shared/currency';
import {
  DEFAULT_APPLICATION_CURRENCY,
  SCORE_BANDS,
  type APPLICATION_CURRENCIES,
  type APPLICATION_GENDERS,
  type APPLICATION_LANGUAGES,
  type ApplicationData,
  type ApplicationLicence,
  type TARGET_GROUPS,
} from '../../../shared/schemas/guide-applications';
import { formatZip, int, isUrl, zipProblem } from './form-inputs';

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
export const ANSWER_KEYS = [
  'interaction',
  'favoriteSpot',
  'boundaryResponse',
  'emotionalHandling',
  'selfSymbol',
] as const;

// ---- money: typed in the chosen currency, sent in its minor unit ----

/** A typed price in the form's currency (whole yen, yuan to the fen), null when it is not one. */
export const priceOf = (text: string, currency: Currency): number | null => {
  const minor = inputToMinor(text, currency);
  return minor !== null && minor <= 10_000_000 ? minor : null;
};

export const scoreBandOf = (score: number | null) =>
  score === null ? undefined : SCORE_BANDS.find((b) => score >= b.min && score <= b.max);

// ---- conversions ----

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
  return {
    currency,
    basicPrice: typed(d.basicPricePerHourCents),
    additionalPrice: typed(d.additionalPricePerPersonCents),
  };
}

/** The draft to save: every well-formed answer (what is empty or not valid yet is left out). */
export function toData(f: FormState): ApplicationData {
  const d: ApplicationData = {};
  const text = (
    k:
      | 'name'
      | 'residenceArea'
      | 'occupation'
      | 'bio'
      | 'ethicsDescription'
      | 'boundaryDescription'
      | 'supportiveDescription'
      | (typeof ANSWER_KEYS)[number],
  ) => {
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
  if (f.residenceZipcode.trim() && !zipProblem(f.residenceZipcode))
    d.residenceZipcode = formatZip(f.residenceZipcode.trim());
  if (/^(19|20)\d{2}$/.test(f.residenceYear) && /^(0[1-9]|1[0-2])$/.test(f.residenceMonth))
    d.residenceSince = `${f.residenceYear}-${f.residenceMonth}`;
  text('occupation');
  text('bio');
  if (f.languages.length) d.languages = f.languages;
  const [years, months] = [int(f.experienceYears, 0, 100), int(f.experienceMonths, 0, 11)];
  if (
    (f.experienceYears.trim() || f.experienceMonths.trim()) &&
    (years !== undefined || !f.experienceYears.trim()) &&
    (months !== undefined || !f.experienceMonths.trim())
  ) {
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
  if (Object.keys(f.licence).length)
    d.licence = {
      ...f.licence,
      ...(f.licence.registrationNumber && { registrationNumber: f.licence.registrationNumber.trim() }),
    };
  return d;
}
