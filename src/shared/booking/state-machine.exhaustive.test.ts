import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, nextStatus, type Actor, type BookingEvent, type BookingStatus } from './state-machine';

/**
 * docs/rules/booking-lifecycle.md restated as an independent oracle: every (status, event, actor) triple not listed
 * here must be refused, every listed one must land where the table says.
 */
const T = 'traveler' as const;
const G = 'guide' as const;
const S = 'system' as const;
const A = 'admin' as const;
const TABLE: [BookingStatus[], BookingEvent, Actor[], BookingStatus][] = [
  [['pending'], 'deposit_paid', [S], 'confirmed'],
  [['pending'], 'payment_expired', [S], 'cancelled'],
  [['confirmed'], 'accept', [G], 'upcoming'],
  [['confirmed'], 'decline', [G], 'cancelled'],
  [['confirmed'], 'request_expired', [S], 'cancelled'],
  [['upcoming'], 'start_day', [S], 'awaiting_start'],
  [['upcoming', 'awaiting_start'], 'start_confirm', [T, G], 'start_confirmed'],
  [['start_confirmed'], 'start_confirm', [T, G], 'ongoing'],
  [['ongoing'], 'request_extension', [T], 'extend_requested'],
  [['extend_requested'], 'extension_paid', [T, S], 'extend_requested'],
  [['extend_requested'], 'approve_extension', [G], 'extend_confirmed'],
  [['extend_requested'], 'reject_extension', [G], 'ongoing'],
  [['extend_confirmed'], 'confirm_extension', [T], 'ongoing'],
  // An unpaid extension request is withdrawn or lapses.
  [['extend_requested'], 'withdraw_extension', [T], 'ongoing'],
  [['extend_requested'], 'extension_lapsed', [S], 'ongoing'],
  [['ongoing'], 'service_complete', [T, G], 'completed'],
  // Decision 040 adds 'pending' for the traveler (dropping an unpaid booking).
  [['pending', 'upcoming', 'awaiting_start', 'confirmed', 'awaiting_replacement'], 'cancel', [T], 'cancelled'],
  // Decision 137: an admin cancels on the guide's behalf.
  [['upcoming', 'awaiting_start'], 'cancel', [G, A], 'cancelled'],
  [['ongoing', 'completed'], 'dispute', [T, G], 'disputed'],
  [['disputed'], 'resolve', [A], 'completed'],
  // Decision 079: a reschedule keeps the status.
  [['confirmed'], 'reschedule', [T, G], 'confirmed'],
  [['upcoming'], 'reschedule', [T, G], 'upcoming'],
  // Decision 137: the traveler chooses a replacement guide (a paid request again) or lets the choice lapse.
  [['awaiting_replacement'], 'choose_replacement', [T], 'confirmed'],
  [['awaiting_replacement'], 'replacement_lapsed', [S], 'cancelled'],
  // Decision 138: past the start, a side reports the other absent; the reported side contests a no-show cancellation.
  // Decision 158: on a later day of several days, an ongoing tour's too (refused on the first day, below).
  [['upcoming', 'awaiting_start', 'start_confirmed', 'ongoing'], 'report_no_show', [T, G], 'cancelled'],
  [['cancelled'], 'dispute', [T], 'disputed'],
];
/**
 * Triples whose guard refuses with these facts: the guide reported the no-show, so only the traveler
 * contests it; and these facts are a first day, on which an ongoing tour had both starts confirmed.
 */
const GUARDED: [BookingStatus, BookingEvent, Actor, string][] = [
  ['cancelled', 'dispute', G, 'dispute_window_closed'],
  ['ongoing', 'report_no_show', T, 'already_confirmed'],
  ['ongoing', 'report_no_show', G, 'already_confirmed'],
];
/**
 * docs/rules/booking-lifecycle.md's row for a booking made from an offer (decision 078): the only difference it makes.
 */
const FROM_OFFER: [BookingStatus[], BookingEvent, Actor[], BookingStatus] = [
  ['pending'],
  'deposit_paid',
  [S],
  'upcoming',
];
const EVENTS: BookingEvent[] = [...new Set(TABLE.map((r) => r[1]))];
const ACTORS: Actor[] = [T, G, S, A];

describe('booking state machine, exhaustively (status × event × actor)', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('has 22 events', () => expect(EVENTS).toHaveLength(22));
  for (const fromOffer of [false, true])
    for (const status of BOOKING_STATUSES) {
      for (const event of EVENTS) {
        for (const actor of ACTORS) {
          const table = fromOffer ? [FROM_OFFER, ...TABLE] : TABLE;
          const row = table.find((r) => r[0].includes(status) && r[1] === event && r[2].includes(actor));
          const refusedBy = GUARDED.find((g) => g[0] === status && g[1] === event && g[2] === actor);
          const anyActor = table.some((r) => r[0].includes(status) && r[1] === event);
          it(`${fromOffer ? '(from an offer) ' : ''}${status} --${event}/${actor}--> ${row && !refusedBy ? row[3] : 'refused'}`, () => {
            const facts = {
              status,
              travelerConfirmedStart: false,
              guideConfirmedStart: false,
              travelerConfirmedExtension: false,
              extensionCount: 0,
              completedAt: new Date(now.getTime() - 86_400_000),
              fromOffer,
              startsAt: new Date(now.getTime() - 3_600_000),
              noShow: { by: G, at: new Date(now.getTime() - 3_600_000) },
            };
            const result = nextStatus(facts, event, actor, { now, resolution: 'completed' });
            const guarded = GUARDED.find((g) => g[0] === status && g[1] === event && g[2] === actor);
            if (guarded) expect(result).toEqual({ ok: false, reason: guarded[3] });
            else if (row) expect(result).toMatchObject({ ok: true, from: status, to: row[3] });
            else expect(result).toEqual({ ok: false, reason: anyActor ? 'actor_not_allowed' : 'invalid_transition' });
          });
        }
      }
    }
});

describe('the facts a replacement and a no-show report turn on (decisions 137, 138)', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const base = {
    travelerConfirmedStart: false,
    guideConfirmedStart: false,
    travelerConfirmedExtension: false,
    extensionCount: 0,
  };
  const MIN = 60_000;

  it('a guide cancelling a replaceable booking opens the choice; otherwise it is cancelled', () => {
    expect(nextStatus({ ...base, status: 'upcoming', replaceable: true }, 'cancel', G, { now })).toMatchObject({
      ok: true,
      to: 'awaiting_replacement',
    });
    expect(nextStatus({ ...base, status: 'awaiting_start', replaceable: false }, 'cancel', G, { now })).toMatchObject({
      ok: true,
      to: 'cancelled',
    });
    // The traveler's own cancellation never opens a choice.
    expect(nextStatus({ ...base, status: 'upcoming', replaceable: true }, 'cancel', T, { now })).toMatchObject({
      ok: true,
      to: 'cancelled',
    });
  });

  it('a replacement guide declining or not answering returns the booking to the choice', () => {
    expect(nextStatus({ ...base, status: 'confirmed', replacing: true }, 'decline', G, { now })).toMatchObject({
      ok: true,
      to: 'awaiting_replacement',
    });
    expect(nextStatus({ ...base, status: 'confirmed', replacing: true }, 'request_expired', S, { now })).toMatchObject({
      ok: true,
      to: 'awaiting_replacement',
    });
    expect(nextStatus({ ...base, status: 'confirmed' }, 'decline', G, { now })).toMatchObject({
      ok: true,
      to: 'cancelled',
    });
  });

  it('a no-show is reported from 20 minutes after the start, and not once the other side confirmed the start', () => {
    const at = (min: number) => new Date(now.getTime() - min * MIN);
    expect(nextStatus({ ...base, status: 'awaiting_start', startsAt: at(19) }, 'report_no_show', T, { now })).toEqual({
      ok: false,
      reason: 'too_early_for_no_show',
    });
    expect(
      nextStatus({ ...base, status: 'awaiting_start', startsAt: at(20) }, 'report_no_show', T, { now }),
    ).toMatchObject({ ok: true, to: 'cancelled' });
    expect(
      nextStatus(
        { ...base, status: 'start_confirmed', guideConfirmedStart: true, startsAt: at(60) },
        'report_no_show',
        T,
        { now },
      ),
    ).toEqual({ ok: false, reason: 'already_confirmed' });
    expect(
      nextStatus(
        { ...base, status: 'start_confirmed', guideConfirmedStart: true, startsAt: at(60) },
        'report_no_show',
        G,
        { now },
      ),
    ).toMatchObject({ ok: true, to: 'cancelled' });
    expect(nextStatus({ ...base, status: 'ongoing', startsAt: at(60) }, 'report_no_show', T, { now })).toEqual({
      ok: false,
      reason: 'already_confirmed',
    });
    // Decision 158: on a later day of several days an ongoing tour's absent side is reported from that day's start.
    const laterDay = { startsAt: at(20), dateEndsAt: new Date(now.getTime() + 600 * MIN) };
    expect(
      nextStatus(
        {
          ...base,
          status: 'ongoing',
          travelerConfirmedStart: true,
          guideConfirmedStart: true,
          startsAt: at(1500),
          laterDay,
        },
        'report_no_show',
        T,
        { now },
      ),
    ).toMatchObject({ ok: true, to: 'cancelled' });
  });

  it('a traveler whose guide did not come may take another guide later that day: replaceable opens the choice', () => {
    const startsAt = new Date(now.getTime() - 30 * MIN);
    expect(
      nextStatus({ ...base, status: 'awaiting_start', startsAt, replaceable: true }, 'report_no_show', T, { now }),
    ).toMatchObject({ ok: true, to: 'awaiting_replacement' });
    expect(
      nextStatus(
        { ...base, status: 'start_confirmed', travelerConfirmedStart: true, startsAt, replaceable: true },
        'report_no_show',
        T,
        { now },
      ),
    ).toMatchObject({ ok: true, to: 'awaiting_replacement' });
    expect(
      nextStatus(
        { ...base, status: 'awaiting_start', startsAt: new Date(now.getTime() - 10 * MIN), replaceable: true },
        'report_no_show',
        T,
        { now },
      ),
    ).toEqual({ ok: false, reason: 'too_early_for_no_show' });
  });

  it('the side reported absent contests within 48 hours; the reporter and a plain cancellation cannot', () => {
    const noShow = (hours: number) => ({ by: T, at: new Date(now.getTime() - hours * 3_600_000) });
    expect(nextStatus({ ...base, status: 'cancelled', noShow: noShow(47.9) }, 'dispute', G, { now })).toMatchObject({
      ok: true,
      to: 'disputed',
    });
    expect(nextStatus({ ...base, status: 'cancelled', noShow: noShow(48.1) }, 'dispute', G, { now })).toEqual({
      ok: false,
      reason: 'dispute_window_closed',
    });
    expect(nextStatus({ ...base, status: 'cancelled', noShow: noShow(1) }, 'dispute', T, { now })).toEqual({
      ok: false,
      reason: 'dispute_window_closed',
    });
    expect(nextStatus({ ...base, status: 'cancelled', noShow: null }, 'dispute', G, { now })).toEqual({
      ok: false,
      reason: 'dispute_window_closed',
    });
  });
});
