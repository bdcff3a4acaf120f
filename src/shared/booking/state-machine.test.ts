import { describe, expect, it } from 'vitest';
import {
  ACTIVE_BOOKING_STATUSES,
  availableEvents,
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  nextStatus,
  TRIP_TABS,
  type BookingFacts,
  type BookingStatus,
} from './state-machine';

const facts = (status: BookingStatus, over: Partial<BookingFacts> = {}): BookingFacts => ({
  status,
  travelerConfirmedStart: false,
  guideConfirmedStart: false,
  travelerConfirmedExtension: false,
  extensionCount: 0,
  ...over,
});

describe('booking state machine', () => {
  it('reports an absence on a later day of several days from that day’s start, whatever day 1 confirmed, until its date ends (decision 158)', () => {
    const laterDay = { startsAt: new Date('2026-12-02T00:00:00Z'), dateEndsAt: new Date('2026-12-02T15:00:00Z') };
    const at = (iso: string) => ({ now: new Date(iso) });
    for (const status of ['ongoing', 'start_confirmed', 'awaiting_start'] as const) {
      const f = facts(status, { travelerConfirmedStart: true, guideConfirmedStart: status === 'ongoing', laterDay });
      expect(nextStatus(f, 'report_no_show', 'traveler', at('2026-12-02T00:19:59Z'))).toEqual({
        ok: false,
        reason: 'too_early_for_no_show',
      });
      expect(nextStatus(f, 'report_no_show', 'traveler', at('2026-12-02T00:20:00Z'))).toMatchObject({
        ok: true,
        to: 'cancelled',
      });
      // The guide may report a traveler who confirmed on day 1: there is no start to confirm on a later day.
      expect(nextStatus(f, 'report_no_show', 'guide', at('2026-12-02T09:00:00Z'))).toMatchObject({
        ok: true,
        to: 'cancelled',
      });
      expect(nextStatus(f, 'report_no_show', 'guide', at('2026-12-02T15:00:00Z'))).toEqual({
        ok: false,
        reason: 'no_show_day_over',
      });
    }
    // The first day is decision 138's: an ongoing tour had both starts confirmed.
    const firstDay = facts('ongoing', {
      travelerConfirmedStart: true,
      guideConfirmedStart: true,
      startsAt: new Date('2026-12-01T00:00:00Z'),
    });
    expect(nextStatus(firstDay, 'report_no_show', 'traveler', at('2026-12-01T05:00:00Z'))).toEqual({
      ok: false,
      reason: 'already_confirmed',
    });
    expect(
      nextStatus(
        facts('start_confirmed', { travelerConfirmedStart: true, startsAt: new Date('2026-12-01T00:00:00Z') }),
        'report_no_show',
        'guide',
        at('2026-12-01T05:00:00Z'),
      ),
    ).toEqual({
      ok: false,
      reason: 'already_confirmed',
    });
  });

  it('completes a tour of several days from its last day’s start only (decision 155)', () => {
    const lastDayStartsAt = new Date('2026-12-03T00:00:00Z');
    const ongoing = facts('ongoing', { lastDayStartsAt });
    expect(nextStatus(ongoing, 'service_complete', 'traveler', { now: new Date('2026-12-02T23:59:00Z') })).toEqual({
      ok: false,
      reason: 'tour_not_over',
    });
    expect(availableEvents(ongoing, 'guide', new Date('2026-12-02T23:59:00Z'))).not.toContain('service_complete');
    expect(nextStatus(ongoing, 'service_complete', 'guide', { now: lastDayStartsAt })).toMatchObject({
      ok: true,
      to: 'completed',
    });
  });

  it('walks the happy path from payment to completion', () => {
    const steps: [BookingStatus, Parameters<typeof nextStatus>[1], Parameters<typeof nextStatus>[2], BookingStatus][] =
      [
        ['pending', 'deposit_paid', 'system', 'confirmed'],
        ['confirmed', 'accept', 'guide', 'upcoming'],
        ['upcoming', 'start_day', 'system', 'awaiting_start'],
        ['awaiting_start', 'start_confirm', 'traveler', 'start_confirmed'],
        ['ongoing', 'request_extension', 'traveler', 'extend_requested'],
        ['extend_requested', 'extension_paid', 'traveler', 'extend_requested'],
        ['extend_requested', 'approve_extension', 'guide', 'extend_confirmed'],
        ['extend_confirmed', 'confirm_extension', 'traveler', 'ongoing'],
        ['ongoing', 'service_complete', 'guide', 'completed'],
      ];
    for (const [from, event, actor, to] of steps) {
      expect(nextStatus(facts(from), event, actor), `${from} --${event}/${actor}`).toMatchObject({ ok: true, to });
    }
  });

  it('sends a booking made from an offer straight to upcoming when its deposit is paid (decision 078)', () => {
    expect(nextStatus(facts('pending', { fromOffer: true }), 'deposit_paid', 'system')).toMatchObject({
      ok: true,
      to: 'upcoming',
    });
    expect(nextStatus(facts('pending', { fromOffer: false }), 'deposit_paid', 'system')).toMatchObject({
      ok: true,
      to: 'confirmed',
    });
    // An instant booking's deposit is the guide's yes given beforehand (decision 153).
    expect(nextStatus(facts('pending', { instantBook: true }), 'deposit_paid', 'system')).toMatchObject({
      ok: true,
      to: 'upcoming',
    });
    expect(nextStatus(facts('pending', { fromOffer: true }), 'deposit_paid', 'traveler')).toEqual({
      ok: false,
      reason: 'actor_not_allowed',
    });
    // After that it is an ordinary upcoming booking: the traveler may cancel, the guide has nothing to accept.
    expect(availableEvents(facts('upcoming', { fromOffer: true }), 'traveler')).toContain('cancel');
    expect(availableEvents(facts('upcoming', { fromOffer: true }), 'guide')).not.toContain('accept');
  });

  it('starts the tour only when the second party confirms', () => {
    expect(
      nextStatus(facts('start_confirmed', { travelerConfirmedStart: true }), 'start_confirm', 'guide'),
    ).toMatchObject({ ok: true, to: 'ongoing' });
    expect(nextStatus(facts('start_confirmed', { travelerConfirmedStart: true }), 'start_confirm', 'traveler')).toEqual(
      { ok: false, reason: 'already_confirmed' },
    );
  });

  it('refuses a third extension', () => {
    expect(nextStatus(facts('ongoing', { extensionCount: 2 }), 'request_extension', 'traveler')).toEqual({
      ok: false,
      reason: 'extension_limit_reached',
    });
    expect(nextStatus(facts('ongoing', { extensionCount: 1 }), 'request_extension', 'traveler')).toMatchObject({
      ok: true,
    });
  });

  it('lets only the right actor fire an event', () => {
    expect(nextStatus(facts('confirmed'), 'accept', 'traveler')).toEqual({ ok: false, reason: 'actor_not_allowed' });
    expect(nextStatus(facts('pending'), 'deposit_paid', 'traveler')).toEqual({
      ok: false,
      reason: 'actor_not_allowed',
    });
    expect(nextStatus(facts('confirmed'), 'cancel', 'guide')).toEqual({ ok: false, reason: 'actor_not_allowed' });
    expect(nextStatus(facts('confirmed'), 'cancel', 'traveler')).toMatchObject({ ok: true, to: 'cancelled' });
  });

  it('rejects events that do not apply to the status', () => {
    expect(nextStatus(facts('completed'), 'cancel', 'traveler')).toEqual({ ok: false, reason: 'invalid_transition' });
    expect(nextStatus(facts('cancelled'), 'accept', 'guide')).toEqual({ ok: false, reason: 'invalid_transition' });
    expect(nextStatus(facts('pending'), 'service_complete', 'traveler')).toEqual({
      ok: false,
      reason: 'invalid_transition',
    });
  });

  it('allows a dispute only within 7 days of completion', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const done = (daysAgo: number) =>
      facts('completed', { completedAt: new Date(now.getTime() - daysAgo * 86_400_000) });
    expect(nextStatus(done(6.9), 'dispute', 'traveler', { now })).toMatchObject({ ok: true, to: 'disputed' });
    expect(nextStatus(done(7.1), 'dispute', 'guide', { now })).toEqual({ ok: false, reason: 'dispute_window_closed' });
    expect(nextStatus(facts('ongoing'), 'dispute', 'guide', { now })).toMatchObject({ ok: true, to: 'disputed' });
  });

  it('needs an admin and a resolution to close a dispute', () => {
    expect(nextStatus(facts('disputed'), 'resolve', 'traveler', { resolution: 'cancelled' })).toEqual({
      ok: false,
      reason: 'actor_not_allowed',
    });
    expect(nextStatus(facts('disputed'), 'resolve', 'admin')).toEqual({ ok: false, reason: 'resolution_required' });
    expect(nextStatus(facts('disputed'), 'resolve', 'admin', { resolution: 'cancelled' })).toMatchObject({
      ok: true,
      to: 'cancelled',
    });
  });

  it('offers the traveler the actions of its status', () => {
    // Decision 079: a reschedule is an event too (the API shows it as `reschedulable`, not in `actions`).
    expect(availableEvents(facts('upcoming'), 'traveler')).toEqual(['start_confirm', 'cancel', 'reschedule']);
    expect(availableEvents(facts('awaiting_start', { travelerConfirmedStart: true }), 'traveler')).toEqual(['cancel']);
    expect(availableEvents(facts('ongoing'), 'traveler').sort()).toEqual([
      'dispute',
      'request_extension',
      'service_complete',
    ]);
    expect(availableEvents(facts('ongoing', { extensionCount: 2 }), 'traveler')).not.toContain('request_extension');
  });

  it('gives each trip tab its own statuses and keeps pending bookings active', () => {
    const inTabs = Object.values(TRIP_TABS).flat();
    expect(new Set(inTabs).size).toBe(inTabs.length);
    for (const s of inTabs) expect(BOOKING_STATUSES).toContain(s);
    expect(ACTIVE_BOOKING_STATUSES).not.toContain('cancelled');
    expect(ACTIVE_BOOKING_STATUSES).toContain('pending');
  });
});

describe('an open extension and a booking’s ending (decision 194)', () => {
  it('no transition ends a booking whose extension is open: the tour goes back to ongoing first', () => {
    // An extension is open (requested, paid or approved) only in these statuses; a cancellation would have to settle
    // it, and none can happen there.
    for (const t of BOOKING_TRANSITIONS.filter((x) =>
      x.from.some((s) => s === 'extend_requested' || s === 'extend_confirmed'),
    )) {
      for (const from of ['extend_requested', 'extend_confirmed'] as const) {
        if (!t.from.includes(from)) continue;
        const to = typeof t.to === 'function' ? t.to(facts(from), t.actors[0]!, { resolution: 'cancelled' }) : t.to;
        expect(['ongoing', 'extend_requested', 'extend_confirmed']).toContain(to);
      }
    }
  });
});
