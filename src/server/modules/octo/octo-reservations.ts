import { randomUUID } from 'node:crypto';
import { resellerSalePostings } from '../../../shared/booking/ledger';
import { addWorkingDays, EARNINGS_HOLD_WORKING_DAYS } from '../../../shared/booking/money-rules';
import { zonedTimeToUtc } from '../../../shared/booking/schedule';
import { convertMinor } from '../../../shared/currency';
import { matchLocale } from '../../../shared/locales';
import {
  OCTO_HOLD_DEFAULT_MINUTES,
  type OctoBooking,
  type OctoConfirmBody,
  type OctoContactBody,
  type OctoReserveBody,
  type OctoUpdateBody,
} from '../../../shared/schemas/octo-bookings';
import type { Database } from '../../db/client';
import type { OctoContact } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { insertPostings, undoResellerSale, type BookingRow, type BookingsService } from '../bookings/index';
import type { ChannelRow } from './channels.repository';
import { octoCancellable, octoStatusOf, toOctoBooking } from './octo-booking-view';
import * as repo from './octo-bookings.repository';
import type { OctoBookingRead } from './octo-bookings.repository';
import { localDateTime, dateOfAvailabilityId } from './octo-times';
import type { OctoService } from './octo.service';

/** What a reseller's bookings are made with (index.ts). */
export interface ReservationDeps {
  db: Database;
  /** The checkout's booking (`create`, its lock and slot rules) and a booking on account's steps. */
  bookings: Pick<BookingsService, 'create' | 'onAccount' | 'now'>;
  octo: Pick<OctoService, 'priced'>;
  /** The traveler's confirmation, by e-mail or SMS in their language (notifications). */
  confirmed: (bookingId: number) => Promise<void>;
}

const MINUTE_MS = 60_000;
const OCTO_CODES = new Set(['INVALID_PRODUCT_ID', 'INVALID_OPTION_ID', 'INVALID_UNIT_ID', 'INVALID_AVAILABILITY_ID']);

const refused = (message: string) => new AppError('UNPROCESSABLE_ENTITY', message);

/** The contact as we keep it: a name and a way to reach the traveler. */
export function contactOf(c: OctoContactBody): OctoContact {
  const joined = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return {
    fullName: c.fullName || joined || null,
    emailAddress: c.emailAddress ?? null,
    phoneNumber: c.phoneNumber ?? null,
    locales: c.locales ?? [],
    country: c.country ?? null,
    notes: c.notes ?? null,
  };
}

const localeOf = (c: OctoContact | undefined) => c?.locales.map((l) => matchLocale(l)).find(Boolean) ?? null;

/** A checkout's refusal (a time taken, too short a notice, a length she does not sell) is OCTO's refusal. */
function asOctoRefusal(err: unknown): unknown {
  if (!(err instanceof AppError) || err.status >= 500 || err.status === 401) return err;
  return OCTO_CODES.has(err.code) ? err : refused(err.message);
}

/**
 * A reseller's bookings through OCTO (decision 202): a reservation is the checkout's own booking, held for the
 * reseller; confirming it books it on account; every step answers OCTO's Booking. A reseller sees only its own.
 */
export class OctoReservations {
  constructor(private readonly deps: ReservationDeps) {}

  private get db() {
    return this.deps.db;
  }

  private now() {
    return this.deps.bookings.now();
  }

  private async mine(channel: ChannelRow, uuid: string): Promise<OctoBookingRead> {
    const r = await repo.octoBookingByUuid(this.db, channel.id, uuid);
    if (!r)
      throw new AppError('INVALID_BOOKING_UUID', `There is no booking ${uuid}`, [{ path: 'uuid', message: uuid }]);
    return r;
  }

  private async answer(channel: ChannelRow, uuid: string, pricing: boolean): Promise<OctoBooking> {
    return toOctoBooking(await this.mine(channel, uuid), this.now(), pricing);
  }

  async get(channel: ChannelRow, uuid: string, pricing: boolean): Promise<OctoBooking> {
    return this.answer(channel, uuid, pricing);
  }

  /** GET /bookings: by the reseller's reference or our booking number (TG…), its newest 100 otherwise. */
  async list(channel: ChannelRow, q: { resellerReference?: string; supplierReference?: string }, pricing: boolean) {
    let bookingId: number | undefined;
    if (q.supplierReference !== undefined) {
      const m = /^TG(\d{1,9})$/i.exec(q.supplierReference.trim());
      if (!m) return [];
      bookingId = Number(m[1]);
    }
    const rows = await repo.octoBookingsOf(this.db, channel.id, { resellerReference: q.resellerReference, bookingId });
    const now = this.now();
    return rows.map((r) => toOctoBooking(r, now, pricing));
  }

  /**
   * POST /bookings: the start held for the reseller from this moment, by the checkout's own booking under its lock;
   * the same uuid again answers the booking it made.
   */
  async reserve(channel: ChannelRow, body: OctoReserveBody, pricing: boolean): Promise<OctoBooking> {
    const uuid = body.uuid ?? randomUUID();
    if (await repo.octoBookingByUuid(this.db, channel.id, uuid)) return this.answer(channel, uuid, pricing);
    const units = body.unitItems.map((u) => ({ id: u.unitId, quantity: 1 }));
    const asked = { productId: body.productId, optionId: body.optionId, units, currency: body.currency };
    const { guide, length, group, pricing: price } = await this.deps.octo.priced(asked, channel);
    const date = dateOfAvailabilityId(body.availabilityId);
    const startTime = body.availabilityId.slice(11, 16);
    const startMinute = Number(startTime.slice(0, 2)) * 60 + Number(startTime.slice(3));
    if (localDateTime(zonedTimeToUtc(date, startMinute, guide.timeZone), guide.timeZone) !== body.availabilityId)
      throw new AppError('INVALID_AVAILABILITY_ID', `There is no availability ${body.availabilityId}`, [
        { path: 'availabilityId', message: body.availabilityId },
      ]);
    const now = this.now();
    const until = new Date(now.getTime() + (body.expirationMinutes ?? OCTO_HOLD_DEFAULT_MINUTES) * MINUTE_MS);
    const contact = body.contact && contactOf(body.contact);
    const travelerId = await repo.insertGuestTraveler(
      this.db,
      contact?.fullName ?? `${channel.name} traveler`,
      localeOf(contact),
    );
    const length_ =
      'hours' in length
        ? { startTime, durationHours: length.hours }
        : { days: length.days, dayStartTime: startTime, dayHours: length.dayHours };
    try {
      await this.deps.bookings.create(
        { id: travelerId, sessionId: null },
        {
          guideId: guide.id,
          date,
          ...length_,
          ...group,
          ...(body.notes && { notes: body.notes.slice(0, 1000) }),
          chargeCurrency: price.currency as 'JPY' | 'CNY',
        },
        {
          until,
          channelId: channel.id,
          within: (db, booking) =>
            repo.insertOctoBooking(db, {
              channelId: channel.id,
              uuid,
              bookingId: booking.id,
              resellerReference: body.resellerReference ?? null,
              optionId: body.optionId,
              availabilityId: body.availabilityId,
              unitItems: body.unitItems.map((u) => ({
                uuid: u.uuid ?? randomUUID(),
                unitId: u.unitId,
                resellerReference: u.resellerReference ?? null,
              })),
              currency: price.currency as 'JPY' | 'CNY',
              retailCents: price.retail,
              netCents: price.net ?? price.retail,
              expiresAt: until,
              contact: contact ?? null,
              notes: body.notes ?? null,
              createdAt: now,
              updatedAt: now,
            }),
        },
      );
    } catch (err) {
      await repo.deleteGuestTraveler(this.db, travelerId);
      // The same uuid sent twice at once: the one that was written answers both.
      if (await repo.octoBookingByUuid(this.db, channel.id, uuid)) return this.answer(channel, uuid, pricing);
      throw asOctoRefusal(err);
    }
    return this.answer(channel, uuid, pricing);
  }

  /** POST /bookings/{uuid}/extend: a hold still in force lasts `minutes` from now. */
  async extend(channel: ChannelRow, uuid: string, minutes: number | undefined, pricing: boolean) {
    const r = await this.mine(channel, uuid);
    const now = this.now();
    if (octoStatusOf(r, now) !== 'ON_HOLD') throw refused('Only a reservation on hold can be extended');
    const until = new Date(now.getTime() + (minutes ?? OCTO_HOLD_DEFAULT_MINUTES) * MINUTE_MS);
    await this.db.transaction(async (tx) => {
      await repo.updateOctoBooking(tx, r.octo.id, { expiresAt: until, updatedAt: now });
      await this.deps.bookings.onAccount.extendHold(tx, r.booking.id, until);
    });
    return this.answer(channel, uuid, pricing);
  }

  /**
   * POST /bookings/{uuid}/confirm: the hold becomes a booking on account, confirmed at once by an instant-booking
   * guide, else PENDING her answer; the reseller's debt, the guide's earnings and our margin posted with it.
   */
  async confirm(channel: ChannelRow, uuid: string, body: OctoConfirmBody, pricing: boolean): Promise<OctoBooking> {
    const r = await this.mine(channel, uuid);
    const now = this.now();
    const status = octoStatusOf(r, now);
    if (status === 'PENDING' || status === 'CONFIRMED') return this.answer(channel, uuid, pricing);
    if (status !== 'ON_HOLD') throw refused(`This reservation is ${status.toLowerCase()}: reserve again`);
    const contact = contactOf(body.contact);
    if (!contact.fullName) throw new AppError('BAD_REQUEST', 'contact.fullName: the traveler’s name is required');
    if (!contact.emailAddress && !contact.phoneNumber)
      throw new AppError('BAD_REQUEST', 'contact: an emailAddress or a phoneNumber is required to reach the traveler');
    if (body.unitItems && body.unitItems.length !== r.octo.unitItems.length)
      throw refused('Change the group with PATCH before confirming, or reserve again');
    await repo.nameGuestTraveler(this.db, r.booking.travelerId, contact, localeOf(contact));
    await this.deps.bookings.onAccount.confirm(r.booking.id, async (db, booking, guideUserId) => {
      await repo.updateOctoBooking(db, r.octo.id, {
        contact,
        resellerReference: body.resellerReference ?? r.octo.resellerReference,
        confirmedAt: now,
        updatedAt: now,
      });
      await postSale(db, booking, r.octo, guideUserId);
    });
    await this.deps.confirmed(r.booking.id);
    return this.answer(channel, uuid, pricing);
  }

  /** PATCH /bookings/{uuid}: the contact, notes and reference before the start. */
  async update(channel: ChannelRow, uuid: string, body: OctoUpdateBody, pricing: boolean): Promise<OctoBooking> {
    const r = await this.mine(channel, uuid);
    const now = this.now();
    const status = octoStatusOf(r, now);
    if (!['ON_HOLD', 'PENDING', 'CONFIRMED'].includes(status) || now >= r.booking.startsAt)
      throw refused('Only a booking that has not started can be changed');
    if (body.unitItems && !sameUnits(body.unitItems, r.octo.unitItems))
      throw refused('The group cannot be changed through this API yet: cancel and reserve again');
    const contact = body.contact ? contactOf({ ...r.octo.contact, ...body.contact }) : undefined;
    await repo.updateOctoBooking(this.db, r.octo.id, {
      ...(contact && { contact }),
      ...(body.notes !== undefined && { notes: body.notes }),
      ...(body.resellerReference !== undefined && { resellerReference: body.resellerReference }),
      updatedAt: now,
    });
    if (contact) await repo.nameGuestTraveler(this.db, r.booking.travelerId, contact, localeOf(contact));
    return this.answer(channel, uuid, pricing);
  }

  /** POST /bookings/{uuid}/cancel: by the terms (a hold, or a booking until the cutoff), the time free at once. */
  async cancel(channel: ChannelRow, uuid: string, reason: string | null, pricing: boolean): Promise<OctoBooking> {
    const r = await this.mine(channel, uuid);
    const now = this.now();
    if (octoStatusOf(r, now) === 'CANCELLED') return this.answer(channel, uuid, pricing);
    if (!octoCancellable(r, now))
      throw refused('This booking can no longer be cancelled: its cancellation cutoff has passed or it has ended');
    const ended = await this.deps.bookings.onAccount.cancel(
      r.booking.id,
      'cancel',
      async (db, booking, guideUserId) => {
        await undoResellerSale(db, booking, guideUserId);
        await repo.updateOctoBooking(db, r.octo.id, { cancelReason: reason, updatedAt: now });
      },
    );
    if (!ended) throw refused('This booking can no longer be cancelled');
    return this.answer(channel, uuid, pricing);
  }
}

const sameUnits = (asked: { unitId: string }[], held: { unitId: string }[]) =>
  asked
    .map((u) => u.unitId)
    .sort()
    .join() ===
  held
    .map((u) => u.unitId)
    .sort()
    .join();

/**
 * The ledger of a reseller's confirmed booking (decision 202): the net it owes in its currency, the guide's price less
 * our commission, due as her earnings five working days after the tour, and our margin.
 */
async function postSale(db: Database, booking: BookingRow, octo: repo.OctoBookingRow, guideUserId: number) {
  const own = booking.currency;
  const netOwn =
    octo.currency === own ? octo.netCents : convertMinor(octo.netCents, octo.currency, own, booking.jpyPerCny ?? '0');
  const postings = resellerSalePostings({
    net: octo.netCents,
    charge: octo.currency,
    own,
    netOwn,
    guideCents: booking.totalPriceCents + booking.creditCents - booking.commissionCents,
  });
  await insertPostings(db, booking.id, postings, {
    travelerId: booking.travelerId,
    guideUserId,
    guideAvailableAt: addWorkingDays(booking.endsAt, EARNINGS_HOLD_WORKING_DAYS, booking.timeZone),
  });
}

/** A reseller's booking as OCTO answers it, by our booking id (the webhooks' reader); null for any other booking. */
export async function octoBookingOf(
  db: Database,
  bookingId: number,
  now: Date = new Date(),
): Promise<{ channelId: number; booking: OctoBooking } | null> {
  const r = await repo.octoBookingOfBooking(db, bookingId);
  return r ? { channelId: r.octo.channelId, booking: toOctoBooking(r, now, true) } : null;
}
