import {
  slotAt,
  timeRefusal,
  type BusyRange,
  type Slot,
  type SlotQuery,
  type TimeRefusal,
} from '../../../../shared/booking/schedule';
import { AppError } from '../../../lib/app-error';

/**
 * A refusal of a time as the client reads it (decision 153): `too_short_notice` names the earliest
 * start the guide's notice allows (`fields[0]`, path `earliestStartsAt`, an ISO instant),
 * `buffer_conflict` a time inside the free time around another tour, `slot_unavailable` the rest;
 * both name the other tour's times when there is one (`clashStartsAt`, `clashEndsAt`, decision 176).
 */
export function timeRefused(r: TimeRefusal): AppError {
  if (r.code === 'too_short_notice') {
    const earliest = r.earliestStartsAt.toISOString();
    return new AppError('too_short_notice', `This guide needs more notice: the earliest start is ${earliest}`, [
      { path: 'earliestStartsAt', message: earliest },
    ]);
  }
  // The other tour's times (decision 176): the traveler reads which day and what is in the way.
  const clash = r.clash
    ? [
        { path: 'clashStartsAt', message: r.clash.startsAt.toISOString() },
        { path: 'clashEndsAt', message: r.clash.endsAt.toISOString() },
      ]
    : undefined;
  if (r.code === 'buffer_conflict')
    return new AppError('buffer_conflict', 'This time is too close to another tour of the guide', clash);
  return new AppError('slot_unavailable', 'This time is no longer available', clash);
}

/** The slot at `startMinute` (the checkout, a new time for a booking), or the refusal that says why not. */
export function takeSlot(q: SlotQuery, startMinute: number): Slot {
  const found = slotAt(q, startMinute);
  if ('refusal' in found) throw timeRefused(found.refusal);
  return found.slot;
}

/** A time outside the weekly hours (a guide's offer, decision 106) still keeps the notice and the buffer. */
export function assertTimeFree(t: {
  startsAt: Date;
  endsAt: Date;
  busy: BusyRange[];
  now: Date;
  minNoticeMinutes: number;
  bufferMinutes: number;
}): void {
  const refusal = timeRefusal(t);
  if (refusal) throw timeRefused(refusal);
}
