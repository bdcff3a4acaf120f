import type { FxRate } from '../../../shared/currency';
import type {
  OctoAvailability,
  OctoAvailabilityBody,
  OctoCalendarBody,
  OctoCalendarDay,
  OctoPricing,
  OctoProduct,
} from '../../../shared/schemas/octo';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Operator } from '../../operator';
import { guidesDays, type BookingsService } from '../bookings/index';
import type { CurrentRate } from '../fx/index';
import { quoteOfGuide, type PaymentRates } from '../guides/index';
import type { ChannelRow } from './channels.repository';
import { resellableGuides, type ResellableGuide } from './octo.repository';
import {
  dayMinutesOf,
  guideIdOfProduct,
  invalidProduct,
  optionLengthOf,
  productOf,
  UNIT_IDS,
  type OctoAsk,
  type OptionLength,
} from './octo-products';
import { dateOfAvailabilityId, datesOf, localDateTime, openingHoursOf } from './octo-times';

/** What the OCTO API is built from (index.ts). */
export interface OctoDeps {
  db: Database;
  /** The checkout's own free start times (`GET /api/v2/guides/{id}/slots`): the one availability rule. */
  bookings: Pick<BookingsService, 'slots' | 'slotsOfDays' | 'now'>;
  fx: CurrentRate;
  rates: PaymentRates;
  operator: Operator;
  /** This API's base URL (…/api/octo). */
  endpoint: string;
  website: string;
}

type Group = { adults: number; children: number; infants: number };
type Currency = 'JPY' | 'CNY';
const MINUTE_MS = 60_000;

/** The group the units ask for (her smallest group of adults when none); INVALID_UNIT_ID for a unit not hers. */
function groupOf(g: ResellableGuide['guide'], units: { id: string; quantity: number }[] | undefined): Group {
  if (!units?.length) return { adults: g.minPeople, children: 0, infants: 0 };
  const count = (id: string) => units.filter((u) => u.id === id).reduce((n, u) => n + u.quantity, 0);
  const unknown = units.find((u) => !(UNIT_IDS as readonly string[]).includes(u.id));
  if (unknown)
    throw new AppError('INVALID_UNIT_ID', `There is no unit ${unknown.id}`, [{ path: 'unitId', message: unknown.id }]);
  const group = { adults: count('adult'), children: count('child'), infants: count('infant') };
  if (group.adults < 1) throw new AppError('UNPROCESSABLE_ENTITY', 'A group has at least one adult');
  return group;
}

/** The slots question of an option's length on a day: hours, or days of her day hours. */
const slotsAsk = (date: string, l: OptionLength) =>
  'hours' in l ? { date, durationHours: l.hours } : { date, durationHours: l.dayHours, days: l.days };

/** The OCTO supplier API (decision 201): the supplier, the guides as products, their free start times. */
export class OctoService {
  constructor(private readonly deps: OctoDeps) {}

  supplier() {
    const o = this.deps.operator;
    return {
      id: 'tabi-guides',
      name: o.name,
      endpoint: this.deps.endpoint,
      contact: { website: this.deps.website, email: o.email, telephone: o.phone, address: o.address },
      shortDescription: null,
    };
  }

  /**
   * A price as OCTO states it (decision 201): retail is the quote's total for the group and length in the
   * currency asked (`quoteOfGuide`, what GET /api/v2/guides/{id}/quote answers), net is retail less the
   * reseller's commission.
   */
  private pricing(g: ResellableGuide['guide'], l: OptionLength, group: Group, at: PriceAt): OctoPricing {
    const q = quoteOfGuide(
      g,
      {
        ...group,
        ...('hours' in l ? { durationHours: l.hours } : { days: l.days, dayHours: l.dayHours }),
        chargeCurrency: at.currency,
      },
      { locale: 'en', rates: this.deps.rates, rate: at.rate },
    );
    const retail = q.chargeTotal;
    return {
      original: retail,
      retail,
      net: retail - Math.round((retail * at.channel.commissionPercent) / 100),
      currency: at.currency,
      currencyPrecision: at.currency === 'JPY' ? 0 : 2,
      includedTaxes: [],
    };
  }

  async products(ask: OctoAsk, channel: ChannelRow): Promise<OctoProduct[]> {
    const guides = await resellableGuides(this.deps.db);
    const rate = await this.deps.fx();
    return guides.map((r) => this.productOf(r, ask, { channel, rate, currency: r.guide.currency }));
  }

  async product(productId: string, ask: OctoAsk, channel: ChannelRow): Promise<OctoProduct> {
    const r = await this.guideOf(productId);
    return this.productOf(r, ask, { channel, rate: await this.deps.fx(), currency: r.guide.currency });
  }

  private productOf(r: ResellableGuide, ask: OctoAsk, at: PriceAt): OctoProduct {
    return productOf(r, ask, (l) => this.pricing(r.guide, l, groupOf(r.guide, undefined), at));
  }

  private async guideOf(productId: string): Promise<ResellableGuide> {
    const [r] = await resellableGuides(this.deps.db, guideIdOfProduct(productId));
    if (!r) throw invalidProduct(productId);
    return r;
  }

  /** The product, option, group and price both availability reads share, checked in the order OCTO lists errors. */
  private async asked(
    body: Pick<OctoAvailabilityBody, 'productId' | 'optionId' | 'units' | 'currency'>,
    ask: OctoAsk,
    channel: ChannelRow,
  ) {
    const r = await this.guideOf(body.productId);
    const length = optionLengthOf(r.guide, body.optionId);
    const group = groupOf(r.guide, body.units);
    const size = group.adults + group.children + group.infants;
    if (size > r.guide.maxPeople)
      throw new AppError('UNPROCESSABLE_ENTITY', `This guide takes groups of up to ${r.guide.maxPeople}`);
    const at = { channel, rate: await this.deps.fx(), currency: body.currency ?? r.guide.currency };
    const pricing = ask.pricing ? this.pricing(r.guide, length, group, at) : undefined;
    return { r, length, pricing };
  }

  /**
   * What a reservation asks (decision 202), checked as availability checks it: the guide, the length, the group and
   * its price in the currency asked.
   */
  async priced(body: Pick<OctoAvailabilityBody, 'productId' | 'optionId' | 'units' | 'currency'>, channel: ChannelRow) {
    const { r, length, pricing } = await this.asked(body, { pricing: true, content: false, reader: 'en' }, channel);
    return { guide: r.guide, length, group: groupOf(r.guide, body.units), pricing: pricing! };
  }

  /** POST /availability/calendar: each day of 1–90, AVAILABLE with a free start, else SOLD_OUT or CLOSED. */
  async calendar(body: OctoCalendarBody, ask: OctoAsk, channel: ChannelRow): Promise<OctoCalendarDay[]> {
    const { r, length, pricing } = await this.asked(body, ask, channel);
    const dates = datesOf(body.localDateStart, body.localDateEnd);
    const days = await this.freeStarts(r, length, dates);
    return days.map(({ date, starts, openingHours, open }) => {
      const status = starts.length ? 'AVAILABLE' : open ? 'SOLD_OUT' : 'CLOSED';
      return {
        localDate: date,
        available: starts.length > 0,
        status,
        vacancies: starts.length ? r.guide.maxPeople : 0,
        capacity: r.guide.maxPeople,
        openingHours,
        ...(pricing && { pricingFrom: pricing }),
      };
    });
  }

  /** POST /availability: her free starts of that length over the dates, or those of the ids named. */
  async availability(body: OctoAvailabilityBody, ask: OctoAsk, channel: ChannelRow): Promise<OctoAvailability[]> {
    const ids = body.availabilityIds;
    let dates: string[];
    if (ids) dates = [...new Set(ids.map(dateOfAvailabilityId))].sort();
    else if (body.localDateStart && body.localDateEnd) dates = datesOf(body.localDateStart, body.localDateEnd);
    else throw new AppError('BAD_REQUEST', 'Give localDateStart and localDateEnd, or availabilityIds');
    const { r, length, pricing } = await this.asked(body, ask, channel);
    if (ids) datesOf(dates[0]!, dates.at(-1)!);
    const tz = r.guide.timeZone;
    const out = (await this.freeStarts(r, length, dates)).flatMap(({ starts, openingHours }) =>
      starts.map((s): OctoAvailability => {
        const startsAt = new Date(s.startsAt);
        return {
          id: localDateTime(startsAt, tz),
          localDateTimeStart: localDateTime(startsAt, tz),
          localDateTimeEnd: localDateTime(new Date(s.endsAt), tz),
          utcCutoffAt: new Date(startsAt.getTime() - r.guide.minNoticeHours * 60 * MINUTE_MS).toISOString(),
          allDay: false,
          available: true,
          status: 'AVAILABLE',
          vacancies: r.guide.maxPeople,
          capacity: r.guide.maxPeople,
          maxUnits: r.guide.maxPeople,
          openingHours,
          ...(pricing && { pricing }),
        };
      }),
    );
    return ids ? out.filter((a) => ids.includes(a.id)) : out;
  }

  /**
   * Each date's free starts as the checkout's slots answer them (`BookingsService.slotsOfDays` and `slots`, the
   * one rule: her hours, exceptions, notice, buffer and every booking holding time), with the day's opening hours.
   */
  private async freeStarts(r: ResellableGuide, l: OptionLength, dates: string[]) {
    const g = r.guide;
    const first = dates[0]!;
    const last = dates.at(-1)!;
    const hours = (
      await guidesDays(this.deps.db, [g.id], first, new Date(`${first}T00:00:00Z`), new Date(`${last}T00:00:00Z`), last)
    ).get(g.id)!;
    const ask = {
      minutes: dayMinutesOf(l),
      earliestStart: new Date(this.deps.bookings.now().getTime() + g.minNoticeHours * 60 * MINUTE_MS),
    };
    // Hours: the slots of every date in one read; days: each start's days asked as the checkout asks them.
    const starts =
      'hours' in l
        ? await this.deps.bookings.slotsOfDays(g.id, dates, l.hours)
        : await Promise.all(
            dates.map(async (date) => (await this.deps.bookings.slots(g.id, slotsAsk(date, l), null)).slots),
          );
    return dates.map((date, i) => ({ date, starts: starts[i]!, ...openingHoursOf(date, hours, g.timeZone, ask) }));
  }
}

interface PriceAt {
  channel: ChannelRow;
  rate: FxRate;
  currency: Currency;
}
