import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_HELD_NOTICE_MINUTES } from '../../../shared/booking/schedule';
import type { Booking } from '../../../shared/schemas/bookings';
import type { ReplacementsReply } from '../../../shared/schemas/replacements';
import { sessionFor } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { japanTime } from '../../modules/notifications/templates';
import { rowsOf } from '../raw-row';
import { systemMessages } from '../schema/index';

/** 14:10 in Tokyo: the demo tour day has its tour under way and one later today. */
const NOW = new Date('2026-11-25T05:10:00Z');
const HOUR = 3_600_000;

let t: TestApp;
let me: { id: number; token: string };
let trips: Booking[];
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo', now: NOW });
  me = await sessionFor(t, 'traveler');
  trips = (await t.app.inject({ url: `/api/v2/bookings-new/traveler/${me.id}`, headers: auth(me.token) })).json().data;
}, 120_000);
afterAll(() => t.close());

const ledgerOf = async (bookingId: number) =>
  rowsOf<{ kind: string; account: string; amount_cents: number; currency: string }>(
    await t.database.db.execute(
      sql`select kind, account, amount_cents, currency from ledger_entries where booking_id = ${bookingId} order by id`,
    ),
  );

describe('demo trip trouble (decisions 137, 138)', () => {
  it('the demo traveler has a paid tour a few days ahead whose guide cancelled, with Chinese-speaking guides free to take it over', async () => {
    const waiting = trips.filter((b) => b.status === 'awaiting_replacement');
    expect(waiting).toHaveLength(1);
    const b = waiting[0]!;
    expect(Date.parse(b.startsAt) - NOW.getTime()).toBeGreaterThan(4 * 24 * HOUR);
    expect(b.replacement).toMatchObject({
      status: 'open',
      lapsesAt: new Date(Date.parse(b.startsAt) - 3 * HOUR).toISOString(),
      answerBy: null,
    });
    expect(b.subcategory).not.toBeNull();
    // Paid in the currency the traveler saw, the guide's deposit through the exchange when they differ (decision 164).
    expect(b.payments).toMatchObject([
      {
        kind: 'deposit',
        status: 'succeeded',
        amountCents: b.chargeDepositCents,
        currency: b.chargeCurrency,
        refundedCents: 0,
      },
    ]);
    const ledger = await ledgerOf(b.id);
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.every((e) => e.kind === 'deposit' || e.kind === 'exchange')).toBe(true);
    for (const c of ['CNY', 'JPY'])
      expect(ledger.filter((e) => e.currency === c).reduce((sum, e) => sum + e.amount_cents, 0)).toBe(0);

    const reply = await t.app.inject({ url: `/api/v2/bookings/${b.id}/replacements`, headers: auth(me.token) });
    expect(reply.statusCode).toBe(200);
    const choice: ReplacementsReply = reply.json();
    expect(choice).toMatchObject({
      status: 'open',
      lapsesAt: b.replacement!.lapsesAt,
      bookedTotalCents: b.totalPriceCents,
      depositPaidCents: b.depositCents,
    });
    expect(choice.candidates.length).toBeGreaterThan(0);
    for (const c of choice.candidates) {
      expect(c.languages).toContain('zh');
      expect(c.guideId).not.toBe(b.guideId);
      expect(c.totalCents).toBeLessThanOrEqual(b.totalPriceCents);
      expect(c.balanceCents).toBe(c.totalCents - b.depositCents);
    }
  });

  it('the seeded choice is one the server takes: choosing the first guide makes it a paid request to them', async () => {
    const b = trips.find((x) => x.status === 'awaiting_replacement')!;
    const { candidates } = (
      await t.app.inject({ url: `/api/v2/bookings/${b.id}/replacements`, headers: auth(me.token) })
    ).json() as ReplacementsReply;
    const chosen = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${b.id}/replacements`,
      headers: auth(me.token),
      payload: { guideId: candidates[0]!.guideId },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      status: 'confirmed',
      guideId: candidates[0]!.guideId,
      replacement: { status: 'requested' },
    });
  });

  it('the demo traveler has a tour today, started over 20 minutes ago, that the guide never confirmed: she may report the guide absent and is refunded in full', async () => {
    const reportable = trips.filter(
      (b) => b.noShowReportableFrom && Date.parse(b.noShowReportableFrom) <= NOW.getTime() && !b.guideConfirmedStart,
    );
    const seeded = reportable.find(
      (b) =>
        b.status === 'awaiting_start' &&
        b.guide.serviceCity === 'tokyo' &&
        b.guideId !== trips.find((x) => x.status === 'ongoing')?.guideId,
    );
    expect(seeded, 'a started tour with another Tokyo guide').toBeTruthy();
    const b = seeded!;
    expect(Date.parse(b.startsAt)).toBeLessThanOrEqual(NOW.getTime() - 40 * 60_000);
    expect(b.date).toBe('2026-11-25');
    // It ends before the traveler's other tours of the day begin.
    const others = trips.filter(
      (x) => x.id !== b.id && x.date === b.date && ['ongoing', 'awaiting_start'].includes(x.status),
    );
    expect(others.length).toBeGreaterThan(0);
    for (const o of others) expect(Date.parse(b.endsAt)).toBeLessThanOrEqual(Date.parse(o.startsAt));

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${b.id}/report-no-show`,
      headers: auth(me.token),
      payload: {},
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'guide_no_show',
      refund: { amountCents: b.chargeDepositCents, currency: b.chargeCurrency },
    });
  });
});

describe('the demo trips that wait on the traveler come with their notices, as real ones would', () => {
  const noticesOf = async (bookingId: number) =>
    await t.database.db
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.userId, me.id), eq(systemMessages.relatedEntityId, bookingId)));

  it('the guide who cancelled: a notice in the bell with the time to choose by, in Japan time, linking to the trip', async () => {
    const b = trips.find((x) => x.status === 'awaiting_replacement')!;
    const [notice, ...more] = await noticesOf(b.id);
    expect(more).toHaveLength(0);
    expect(notice).toMatchObject({
      status: 'unread',
      actionUrl: `/dashboard?booking=${b.id}`,
      dedupeKey: expect.stringContaining(`booking:${b.id}:replacement-offered:${b.replacement!.lapsesAt}`),
    });
    expect(notice!.texts?.['zh-CN']?.message).toContain(`请在 ${japanTime('zh-CN', b.replacement!.lapsesAt)} 前选择`);
    expect(notice!.texts?.en?.message).toContain(`Choose by ${japanTime('en', b.replacement!.lapsesAt)}`);
    const bell = (await t.app.inject({ url: '/api/v2/system-messages?limit=100', headers: auth(me.token) })).json().data
      .messages as { actionUrl: string }[];
    expect(bell.some((m) => m.actionUrl === `/dashboard?booking=${b.id}`)).toBe(true);
  });

  it('the guide’s new time: a notice with until when it stays open', async () => {
    const b = trips.find((x) => x.reschedule?.status === 'open' && !x.reschedule.mine)!;
    const notices = await noticesOf(b.id);
    const proposed = notices.find((n) => n.dedupeKey === `booking:${b.id}:reschedule:${b.reschedule!.id}:proposed`);
    expect(proposed?.texts?.en?.message).toContain(`by ${japanTime('en', b.reschedule!.expiresAt)}`);
  });

  it('the guide’s open offer: a notice with until when it can be booked, opening its chat', async () => {
    const [offer] = (await t.app.inject({ url: '/api/me/open-offers', headers: auth(me.token) })).json().data as {
      id: number;
      conversationId: number;
      expiresAt: string;
    }[];
    expect(offer).toBeTruthy();
    const [notice] = await t.database.db
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.userId, me.id), eq(systemMessages.dedupeKey, `offer:${offer!.id}:sent`)));
    expect(notice).toMatchObject({
      status: 'unread',
      actionUrl: `/messages?c=${offer!.conversationId}`,
      relatedEntityType: 'offer',
    });
    expect(notice!.texts?.['zh-CN']?.message).toContain(`请在 ${japanTime('zh-CN', offer!.expiresAt)} 前`);
  });

  it('the checkout left unpaid: its notice comes minutes after, with the time it is held until, once', async () => {
    const b = trips.find((x) => x.status === 'pending')!;
    expect(await noticesOf(b.id)).toHaveLength(0);
    const later = new Date(NOW.getTime() + (PAYMENT_HELD_NOTICE_MINUTES + 1) * 60_000);
    await t.app.jobs.tick(later);
    await t.app.jobs.tick(later);
    await vi.waitFor(async () => {
      const notices = await noticesOf(b.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]!.texts?.en?.message).toContain(`until ${japanTime('en', b.paymentDueAt!)}`);
    });
  });
});

describe('demo trip trouble seeded just after midnight in Tokyo', () => {
  it('still gives the traveler a reportable tour (the evening before, ending before the tour under way) and a replacement to choose', async () => {
    const early = await createTestApp({ seed: 'demo', now: new Date('2026-11-25T15:20:00Z') });
    try {
      const who = await sessionFor(early, 'traveler');
      const list: Booking[] = (
        await early.app.inject({ url: `/api/v2/bookings-new/traveler/${who.id}`, headers: auth(who.token) })
      ).json().data;
      const ongoing = list.find((b) => b.status === 'ongoing')!;
      const reportable = list.filter(
        (b) =>
          b.status === 'awaiting_start' &&
          b.noShowReportableFrom &&
          Date.parse(b.noShowReportableFrom) <= Date.parse('2026-11-25T15:20:00Z'),
      );
      expect(reportable.length).toBeGreaterThan(0);
      for (const b of reportable) expect(Date.parse(b.endsAt)).toBeLessThanOrEqual(Date.parse(ongoing.startsAt));
      const waiting = list.find((b) => b.status === 'awaiting_replacement')!;
      const { candidates } = (
        await early.app.inject({ url: `/api/v2/bookings/${waiting.id}/replacements`, headers: auth(who.token) })
      ).json() as ReplacementsReply;
      expect(candidates.length).toBeGreaterThan(0);
    } finally {
      await early.close();
    }
  }, 120_000);
});
