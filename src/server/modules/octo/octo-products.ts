import { SLOT_STEP_MINUTES } from '../../../shared/booking/schedule';
import { MAX_BOOKING_DAYS } from '../../../shared/booking/tour-days';
import { SERVICE_CITIES } from '../../../shared/cities';
import { pickText, type TextLanguage } from '../../../shared/guide-texts';
import { localName, type Locale } from '../../../shared/locales';
import { minutesToTime } from '../../../shared/availability';
import type { OctoOption, OctoPricing, OctoProduct, OctoUnit } from '../../../shared/schemas/octo';
import { AppError } from '../../lib/app-error';
import type { ResellableGuide } from './octo.repository';
import { OCTO_TEXTS } from './texts';
import { OCTO_CANCELLATION_CUTOFF_HOURS } from './octo-booking-view';

/** What a reseller asked for (the Octo-Capabilities header, Accept-Language): decides which fields a reply has. */
export interface OctoAsk {
  pricing: boolean;
  content: boolean;
  /** The language the reader asked for, as guide texts are picked. */
  reader: TextLanguage;
}

/** A length she sells (decision 201): `hours-N`, or `days-D` of her day rate's hours when she has one. */
export type OptionLength = { hours: number } | { days: number; dayHours: number };

const HOURS = /^hours-(\d{1,2})$/;
const DAYS = /^days-(\d)$/;
const PRODUCT = /^guide-([1-9]\d{0,8})$/;
export const UNIT_IDS = ['adult', 'child', 'infant'] as const;
export type UnitId = (typeof UNIT_IDS)[number];

export const productIdOf = (guideId: number): string => `guide-${guideId}`;

/** The guide id a product id names; INVALID_PRODUCT_ID for anything else. */
export function guideIdOfProduct(productId: string): number {
  const m = PRODUCT.exec(productId);
  if (!m) throw invalidProduct(productId);
  return Number(m[1]);
}

export const invalidProduct = (productId: string) =>
  new AppError('INVALID_PRODUCT_ID', `There is no product ${productId}`, [{ path: 'productId', message: productId }]);

/** The lengths a guide sells: every whole hour of her range, and 1–7 days where she has a day rate. */
export function optionLengths(g: ResellableGuide['guide']): OptionLength[] {
  const hours = Array.from({ length: g.maxDurationHours - g.minDurationHours + 1 }, (_, i) => ({
    hours: g.minDurationHours + i,
  }));
  const days =
    g.dayRateCents === null
      ? []
      : Array.from({ length: MAX_BOOKING_DAYS }, (_, i) => ({ days: i + 1, dayHours: g.dayHours }));
  return [...hours, ...days];
}

export const optionIdOf = (l: OptionLength): string => ('hours' in l ? `hours-${l.hours}` : `days-${l.days}`);

/** The length an option id names among hers; INVALID_OPTION_ID for any other. */
export function optionLengthOf(g: ResellableGuide['guide'], optionId: string): OptionLength {
  const found =
    (HOURS.test(optionId) || DAYS.test(optionId)) && optionLengths(g).find((l) => optionIdOf(l) === optionId);
  if (!found)
    throw new AppError('INVALID_OPTION_ID', `There is no option ${optionId} of this product`, [
      { path: 'optionId', message: optionId },
    ]);
  return found;
}

/** Minutes from the first start to the last end: a day's hours, or several days' span. */
export const lengthMinutes = (l: OptionLength): number =>
  'hours' in l ? l.hours * 60 : (l.days - 1) * 24 * 60 + l.dayHours * 60;

/** The day's hours an option takes: its length, or each day's hours for days. */
export const dayMinutesOf = (l: OptionLength): number => ('hours' in l ? l.hours * 60 : l.dayHours * 60);

/** The start times her weekly hours can hold for that length, on the slots' half-hour steps. */
function startTimes(weekly: ResellableGuide['weekly'], minutes: number): string[] {
  const starts = new Set<number>();
  for (const w of weekly)
    for (
      let s = Math.ceil(w.startMinute / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
      s + minutes <= w.endMinute;
      s += SLOT_STEP_MINUTES
    )
      starts.add(s);
  const sorted = [...starts].sort((a, b) => a - b).map(minutesToTime);
  return sorted.length ? sorted : ['09:00'];
}

function units(g: ResellableGuide['guide'], locale: Locale, ask: OctoAsk): OctoUnit[] {
  const names = OCTO_TEXTS[locale].units;
  const unit = (id: UnitId, type: OctoUnit['type'], minAge: number, maxAge: number): OctoUnit => ({
    id,
    internalName: id,
    reference: id,
    type,
    restrictions: {
      minAge,
      maxAge,
      idRequired: false,
      minQuantity: id === 'adult' ? 1 : 0,
      maxQuantity: g.maxPeople,
      paxCount: 1,
      accompaniedBy: id === 'adult' ? [] : ['adult'],
    },
    requiredContactFields: [],
    ...(ask.content && { title: names[id] }),
  });
  return [unit('adult', 'ADULT', 12, 100), unit('child', 'CHILD', 3, 11), unit('infant', 'INFANT', 0, 2)];
}

const LOCALE_OF: Record<TextLanguage, Locale> = { zh: 'zh-CN', ja: 'ja', en: 'en' };

/**
 * One guide as one OCTO product (decision 201). `priceFrom` prices a length for her smallest group (the
 * quote's answer); it is asked only with the pricing capability.
 */
export function productOf(r: ResellableGuide, ask: OctoAsk, priceFrom: (l: OptionLength) => OctoPricing): OctoProduct {
  const g = r.guide;
  const bio = pickText(g.texts, 'bio', ask.reader, g.originalLanguage, g.bio);
  const locale = LOCALE_OF[bio.language];
  const texts = OCTO_TEXTS[locale];
  const city = SERVICE_CITIES.find((c) => c.slug === g.serviceCity);
  const lengths = optionLengths(g);
  const options = lengths.map((l, i): OctoOption => ({
    id: optionIdOf(l),
    default: i === 0,
    internalName: optionIdOf(l),
    reference: null,
    availabilityLocalStartTimes: startTimes(r.weekly, dayMinutesOf(l)),
    // A reseller's booking is cancelled free until this cutoff and not after (decision 202).
    cancellationCutoff: `${OCTO_CANCELLATION_CUTOFF_HOURS} hours`,
    cancellationCutoffAmount: OCTO_CANCELLATION_CUTOFF_HOURS,
    cancellationCutoffUnit: 'hour',
    requiredContactFields: [],
    restrictions: { minUnits: g.minPeople, maxUnits: g.maxPeople },
    units: units(g, locale, ask),
    ...(ask.pricing && { pricingFrom: [priceFrom(l)] }),
    ...(ask.content && {
      title: 'hours' in l ? texts.hours(l.hours) : texts.days(l.days, l.dayHours),
      shortDescription: null,
      durationMinutesFrom: lengthMinutes(l),
      durationMinutesTo: lengthMinutes(l),
    }),
  }));
  return {
    id: productIdOf(g.id),
    internalName: `${r.fullName} (${g.serviceCity})`,
    reference: String(g.id),
    locale,
    timeZone: g.timeZone,
    allowFreesale: false,
    instantConfirmation: g.instantBook,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: 'START_TIME',
    deliveryFormats: [],
    deliveryMethods: ['VOUCHER'],
    redemptionMethod: 'DIGITAL',
    options,
    ...(ask.pricing && {
      defaultCurrency: g.currency,
      availableCurrencies: ['JPY', 'CNY'],
      pricingPer: 'BOOKING' as const,
    }),
    ...(ask.content && {
      title: texts.product(r.fullName, city ? localName(city, locale) : g.serviceCity),
      shortDescription: bio.text,
      description: bio.text,
      durationMinutesFrom: Math.min(...lengths.map(lengthMinutes)),
      durationMinutesTo: Math.max(...lengths.map(lengthMinutes)),
    }),
  };
}
