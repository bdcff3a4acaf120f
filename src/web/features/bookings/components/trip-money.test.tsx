import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { TripCard } from './trip-card';

/**
 * The trip card of a family's three days (decision 179): the group on its own, "3 天 × 8 小时", the
 * price's lines as the server labelled them, the deposit paid with how and when, and what is left to
 * hand the guide, to whom and on which day — the server's figures, in the guide's currency with the
 * traveler's beside.
 */
function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const now = new Date('2026-11-10T02:00:00Z');
const noop = () => {};

/**
 * Three days from Nov 21 with a yen guide, 2 adults, a child and an infant, seen and paid in yuan at
 * 20.5 yen: ¥96,000, a deposit of ¥19,200 (9,366 fen), ¥76,800 to hand over, 3,747 元 at the booking's rate.
 */
const family = (over: Partial<Booking> = {}) =>
  sampleBooking({
    status: 'upcoming',
    date: '2026-11-21',
    scheduledStartTime: '09:00',
    startsAt: '2026-11-21T00:00:00.000Z',
    endsAt: '2026-11-23T08:00:00.000Z',
    duration: 8,
    days: 3,
    currentDay: 1,
    schedule: [
      { date: '2026-11-21', startsAt: '2026-11-21T00:00:00.000Z', endsAt: '2026-11-21T08:00:00.000Z' },
      { date: '2026-11-22', startsAt: '2026-11-22T00:00:00.000Z', endsAt: '2026-11-22T08:00:00.000Z' },
      { date: '2026-11-23', startsAt: '2026-11-23T00:00:00.000Z', endsAt: '2026-11-23T08:00:00.000Z' },
    ],
    travelers: 4,
    adults: 2,
    children: 1,
    infants: 1,
    lines: [
      { kind: 'base', people: 2, amountCents: 84_000, label: '地陪费（2 人以内）· 3 天 × 8 小时' },
      { kind: 'children', people: 1, amountCents: 12_000, label: '儿童（3–11 岁）1 位' },
      { kind: 'infants', people: 1, amountCents: 0, label: '婴儿（3 岁以下）1 位' },
    ],
    totalPrice: 96_000,
    totalPriceCents: 96_000,
    depositCents: 19_200,
    balanceCents: 76_800,
    currency: 'JPY',
    chargeCurrency: 'CNY',
    chargeDepositCents: 93_659,
    rate: { jpyPerCny: '20.5', asOf: '2026-11-02', source: 'ecb' },
    payments: [
      {
        id: 5,
        kind: 'deposit',
        method: 'alipay',
        provider: 'alipay',
        status: 'succeeded',
        amountCents: 93_659,
        refundedCents: 0,
        currency: 'CNY',
        last4: null,
        proofUploadedByTraveler: false,
        verifiedByGuide: false,
        createdAt: '2026-11-02T01:00:00Z',
      },
    ],
    depositPaidAt: '2026-11-02T01:02:00Z',
    paidOnlineCents: 19_200,
    dueInPersonCents: 76_800,
    dueInPersonChargeCents: 374_634,
    dueInPersonOn: [
      { day: 1, date: '2026-11-21', cents: 25_600, chargeCents: 124_878 },
      { day: 2, date: '2026-11-22', cents: 25_600, chargeCents: 124_878 },
      { day: 3, date: '2026-11-23', cents: 25_600, chargeCents: 124_878 },
    ],
    actions: ['cancel'],
    ...over,
  });

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['tour', 'trips', 'bookings', 'common']);
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/api/config/public')
        ? json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } })
        : json(family()),
    ),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('a family’s three days on the trip card', () => {
  it('zh-CN: the group on its own, 3 天 × 8 小时, the lines, the deposit paid and a share to hand over each day', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<TripCard booking={family()} now={now} onContactSupport={noop} />));
    expect((await screen.findByTestId('trip-group')).textContent).toBe('成人 2 位、儿童 1 位、婴儿 1 位');
    expect(screen.getByTestId('trip-length').textContent).toBe('3 天 × 8 小时');
    const money = screen.getByTestId('trip-money');
    expect(money.textContent).toContain('地陪费（2 人以内）· 3 天 × 8 小时');
    expect(money.textContent).not.toMatch(/24 小时|× 4 人/);
    // The lines in yuan at the booking's rate, the guide's yen beside; they add up to the total.
    expect(screen.getByTestId('trip-price').textContent).toBe('约 4,682.93 元 · 96,000 日元');
    expect(screen.getByTestId('trip-paid').textContent).toBe('已在线支付：定金 936.59 元 · 支付宝 · 2026年11月2日');
    const due = screen.getByTestId('trip-due');
    expect(due.textContent).toContain('还需当面支付给 Haruka Tanaka：76,800 日元（约 3,746.34 元）');
    expect(due.textContent).toContain('每天当面支付当天的部分：');
    expect(
      within(due)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '第 1 天 · 11月21日（周六）25,600 日元（约 1,248.78 元）',
      '第 2 天 · 11月22日（周日）25,600 日元（约 1,248.78 元）',
      '第 3 天 · 11月23日（周一）25,600 日元（约 1,248.78 元）',
    ]);
  });

  it('en: 3 days × 8 hours, a card deposit, and a travel credit taken off', async () => {
    const paidByCard = {
      id: 6,
      kind: 'deposit' as const,
      method: 'card' as const,
      provider: 'stripe',
      status: 'succeeded' as const,
      amountCents: 93_659,
      refundedCents: 0,
      currency: 'CNY' as const,
      last4: '4242',
      proofUploadedByTraveler: false,
      verifiedByGuide: false,
      createdAt: '2026-11-02T01:00:00Z',
    };
    render(
      wrap(
        <TripCard
          booking={family({
            creditCents: 4_000,
            lines: [
              { kind: 'base', people: 2, amountCents: 88_000, label: 'Guide for up to 2 people · 3 days × 8 hours' },
              { kind: 'children', people: 1, amountCents: 12_000, label: '1 child (3–11)' },
            ],
            payments: [paidByCard],
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect((await screen.findByTestId('trip-group')).textContent).toBe('2 adults, 1 child, 1 infant');
    expect(screen.getByTestId('trip-length').textContent).toBe('3 days × 8 hours');
    const money = screen.getByTestId('trip-money').textContent!;
    expect(money).toContain('Guide for up to 2 people · 3 days × 8 hours');
    expect(money).toMatch(/Travel credit used−≈ 195\.12 RMB · ¥4,000 \(JPY\)/);
    expect(screen.getByTestId('trip-paid').textContent).toBe(
      'Paid online: deposit 936.59 RMB · card ending 4242 · Nov 2, 2026',
    );
    const due = screen.getByTestId('trip-due').textContent!;
    expect(due).toContain('Still to pay Haruka Tanaka in person: ¥76,800 (JPY, ≈ 3,746.34 RMB)');
    expect(due).toContain('Day 2, Sun, Nov 22¥25,600 (JPY, ≈ 1,248.78 RMB)');
  });

  it('ja: 3日間 × 8時間', async () => {
    await act(() => i18next.changeLanguage('ja'));
    render(wrap(<TripCard booking={family()} now={now} onContactSupport={noop} />));
    expect((await screen.findByTestId('trip-length')).textContent).toBe('3日間 × 8時間');
    expect(screen.getByTestId('trip-due').textContent).toContain(
      'Haruka Tanakaさんへ直接お支払いいただく残金：76,800円（約 3,746.34 元）',
    );
  });

  it('one day: all of it on the day; nothing left once paid in person or cancelled', async () => {
    const oneDay = sampleBooking({
      status: 'upcoming',
      actions: ['cancel'],
      dueInPersonCents: 52_800,
      dueInPersonChargeCents: null,
      dueInPersonOn: [{ day: 1, date: '2026-11-22', cents: 52_800, chargeCents: null }],
    });
    render(wrap(<TripCard booking={oneDay} now={now} onContactSupport={noop} />));
    const due = await screen.findByTestId('trip-due');
    expect(due.textContent).toBe('Still to pay Haruka Tanaka in person: 528 RMBOn the day of the tour, Sun, Nov 22.');
    expect(screen.getByTestId('trip-length').textContent).toBe('2 hours');
    cleanup();
    const handed = {
      id: 9,
      kind: 'final_payment' as const,
      method: 'cash' as const,
      provider: 'in_person',
      status: 'pending' as const,
      amountCents: 52_800,
      refundedCents: 0,
      currency: 'CNY' as const,
      last4: null,
      proofUploadedByTraveler: true,
      verifiedByGuide: false,
      createdAt: '2026-11-22T05:00:00Z',
    };
    render(
      wrap(
        <TripCard
          booking={sampleBooking({ payments: [handed], dueInPersonCents: 0, dueInPersonOn: [] })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect((await screen.findByTestId('trip-paid-in-person')).textContent).toBe(
      'Paid to Haruka Tanaka in person: 528 RMB',
    );
    expect(screen.queryByTestId('trip-due')).toBeNull();
    cleanup();
    render(
      wrap(
        <TripCard
          booking={family({
            status: 'cancelled',
            actions: [],
            dueInPersonCents: 0,
            dueInPersonChargeCents: null,
            dueInPersonOn: [],
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect(await screen.findByTestId('trip-money')).toBeTruthy();
    expect(screen.queryByTestId('trip-due')).toBeNull();
  });

  it('after trip changes: the change paid and what came back, each as charged (decision 177)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const deposit = {
      id: 5,
      kind: 'deposit' as const,
      method: 'card' as const,
      provider: 'simulated',
      status: 'partially_refunded' as const,
      amountCents: 93_659,
      refundedCents: 30_000,
      currency: 'CNY' as const,
      last4: '4242',
      proofUploadedByTraveler: false,
      verifiedByGuide: false,
      createdAt: '2026-11-02T01:00:00Z',
    };
    const change = {
      ...deposit,
      id: 7,
      kind: 'change' as const,
      status: 'refunded' as const,
      amountCents: 12_293,
      refundedCents: 12_293,
      createdAt: '2026-11-04T01:00:00Z',
    };
    render(wrap(<TripCard booking={family({ payments: [deposit, change] })} now={now} onContactSupport={noop} />));
    expect((await screen.findByTestId('trip-change-paid')).textContent).toBe(
      '行程更改已在线支付：122.93 元 · 2026年11月4日',
    );
    // Back from both payments, summed in the currency they were charged in.
    expect(screen.getByTestId('trip-refunded').textContent).toBe('已在线退还：422.93 元');
  });

  it('an unpaid booking says the deposit due in the currency the traveler saw', async () => {
    render(
      wrap(
        <TripCard
          booking={family({
            status: 'pending',
            payments: [],
            depositPaidAt: null,
            paymentDueAt: '2026-11-10T03:00:00Z',
            actions: ['cancel'],
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect((await screen.findByTestId('trip-paid')).textContent).toBe('Deposit due: 936.59 RMB');
  });
});
