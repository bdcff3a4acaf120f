import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInZone } from '../../../../shared/availability';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { checkoutPath, draftFromQuery, type BookableGuide, type BookingDraft } from '../lib/selection';
import { BookingWidget } from './booking-widget';
import { DayPlansFields, dayPlansBody, type DayPlanDraft } from './day-plans-fields';
import { FamilyFacts } from './family-facts';
import { OrderReview, type OrderReviewFacts } from './order-review';

/**
 * What a family says up front (decision 178): the box asks the children's ages and needs when the
 * group has children or infants and offers the guide's extras paid at cost (never overtime, never what
 * is included); the checkout asks a plan for each day; the guide's cards say it in words.
 */
const guide: BookableGuide = {
  id: 3,
  groupPricing: { includedPeople: 4, childPriceRate: 0.5, infantsFree: true, dayRateCents: 180_000, dayHours: 8 },
  timeZone: 'Asia/Tokyo',
  minNoticeHours: 24,
  minDuration: 2,
  maxDuration: 8,
  minPeople: 1,
  maxPeople: 6,
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 10_000,
  services: [],
  availabilities: { weekly: [], exceptions: [] },
  currency: 'JPY',
  extras: [
    { kind: 'overtime_hour', included: false, priceCents: 5_000 },
    { kind: 'entrance_tickets', included: false, priceCents: 2_000 },
    { kind: 'meals', included: false, priceCents: 3_000 },
    { kind: 'public_transport', included: true },
    { kind: 'guide_travel', included: false },
  ],
};
const date = addDays(todayInZone('Asia/Tokyo'), 20);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['bookings']);
});
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://x');
      if (url.pathname.endsWith('/slots')) {
        return json({
          guideId: 3,
          date,
          timeZone: 'Asia/Tokyo',
          durationHours: 8,
          days: 3,
          leadTimeHours: 24,
          bufferMinutes: 30,
          instantBook: false,
          slots: [
            { startTime: '09:00', startsAt: `${date}T00:00:00.000Z`, endsAt: `${addDays(date, 2)}T08:00:00.000Z` },
          ],
          closedDays: [],
        });
      }
      if (url.pathname.endsWith('/quote')) {
        const q = url.searchParams;
        const total = 540_000;
        return json({
          guideId: 3,
          currency: 'CNY',
          guideCurrency: 'CNY',
          chargeCurrency: 'CNY',
          adults: Number(q.get('adults')),
          children: Number(q.get('children')),
          infants: Number(q.get('infants')),
          hours: 24,
          days: 3,
          dayHours: 8,
          totalCents: total,
          depositCents: total / 5,
          inPersonCents: (total * 4) / 5,
          guideTotal: total,
          guideDeposit: total / 5,
          guideInPerson: (total * 4) / 5,
          chargeTotal: total,
          chargeDeposit: total / 5,
          chargeInPerson: (total * 4) / 5,
          guideDayTotal: total / 3,
          chargeDayTotal: total / 3,
          rate: { jpyPerCny: '20', asOf: '2026-11-27', source: 'admin' },
          lines: [{ kind: 'base', label: 'Guide · 3 days', amountCents: total, guideAmount: total }],
          extras: [],
        });
      }
      return json({ data: [], counts: {} });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

function openBox(query: string) {
  const booked: BookingDraft[] = [];
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <BookingWidget guide={guide} params={new URLSearchParams(query)} onBook={(d) => booked.push(d)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // The card's box (the phone's sheet is closed).
  return { box: within(screen.getAllByTestId('family-choices')[0]!), booked };
}

describe('the booking box asks the family (decision 178)', () => {
  it('asks each child’s and infant’s age and their needs, offers only the extras paid at cost, and carries them to the checkout', async () => {
    const { box, booked } = openBox(`date=${date}&adults=2&children=1&infants=1&days=3`);
    const child = box.getByLabelText('Child 1') as HTMLSelectElement;
    const infant = box.getByLabelText('Infant 1') as HTMLSelectElement;
    expect([...child.options].map((o) => o.value)).toEqual(['', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    expect([...infant.options].map((o) => o.textContent)).toEqual(['Age', 'Under 1', '1 year', '2 years']);
    fireEvent.change(child, { target: { value: '8' } });
    fireEvent.change(infant, { target: { value: '1' } });
    fireEvent.click(box.getByLabelText('We bring a stroller'));
    fireEvent.click(box.getByLabelText('We need a child seat (car or taxi)'));
    // Tickets and meals: overtime is the extension, transport is included, the guide's fare has no price.
    const extras = within(box.getByTestId('extras-choice'));
    expect(extras.getAllByRole('checkbox').map((c) => c.parentElement!.textContent)).toEqual([
      'Entrance tickets: about ¥2,000 (JPY), paid in person at cost',
      'Meals: about ¥3,000 (JPY), paid in person at cost',
    ]);
    expect(
      box.getByText('Not charged online and not part of the total: you pay them to the guide at cost on the day.'),
    ).toBeTruthy();
    fireEvent.click(extras.getByLabelText('Meals: about ¥3,000 (JPY), paid in person at cost'));

    fireEvent.click((await screen.findAllByRole('radio', { name: /09:00/ }))[0]!);
    fireEvent.click(screen.getAllByRole('button', { name: 'Book' })[0]!);
    await waitFor(() =>
      expect(booked, screen.queryAllByTestId('book-error')[0]?.textContent ?? 'no error').toHaveLength(1),
    );
    const path = checkoutPath(3, booked[0]!);
    const q = new URLSearchParams(path.slice(path.indexOf('?') + 1));
    expect([q.get('extras'), q.get('ages'), q.get('stroller'), q.get('seat')]).toEqual(['meals', '8,1', '1', '1']);
    expect(draftFromQuery(q)).toMatchObject({
      extras: ['meals'],
      childAges: [8, 1],
      needs: { stroller: true, childSeat: true },
    });
  });

  it('asks no ages without children or infants, and sends none until every place has one', () => {
    const { box } = openBox(`date=${date}&adults=2`);
    expect(box.queryByTestId('child-ages')).toBeNull();
    expect(box.getByTestId('extras-choice')).toBeTruthy();
    const half: BookingDraft = {
      date,
      startTime: '09:00',
      durationHours: 8,
      adults: 1,
      children: 2,
      infants: 0,
      subcategoryId: null,
      childAges: [8, null],
    };
    expect(new URLSearchParams(checkoutPath(3, half).split('?')[1]).get('ages')).toBeNull();
  });
});

function Plans({ onPlans }: { onPlans: (p: DayPlanDraft[]) => void }) {
  const [plans, setPlans] = useState<DayPlanDraft[]>([]);
  return (
    <DayPlansFields
      dates={[date, addDays(date, 1), addDays(date, 2)]}
      city="kyoto"
      plans={plans}
      onChange={(p) => {
        setPlans(p);
        onPlans(p);
      }}
    />
  );
}

describe('the plan for each day at the checkout (decision 178)', () => {
  it('asks a place, a time and a plan for each day, each labelled, and sends only the days filled in', () => {
    let last: DayPlanDraft[] = [];
    render(
      <MemoryRouter>
        <Plans onPlans={(p) => (last = p)} />
      </MemoryRouter>,
    );
    const days = screen.getAllByRole('group');
    expect(days).toHaveLength(3);
    expect(days[0]!.querySelector('legend')!.textContent).toMatch(/^Day 1 · /);
    expect(within(days[0]!).getByText('The meeting place above, unless you name another')).toBeTruthy();
    const day2 = within(days[1]!);
    fireEvent.change(day2.getByLabelText('Meeting place'), { target: { value: 'Kyoto Station' } });
    // The list offers Kyoto Station; choosing it by keyboard keeps its coordinates and postal code.
    fireEvent.keyDown(day2.getByLabelText('Meeting place'), { key: 'ArrowDown' });
    fireEvent.keyDown(day2.getByLabelText('Meeting place'), { key: 'Enter' });
    fireEvent.change(day2.getByLabelText('Time to meet'), { target: { value: '08:30' } });
    fireEvent.change(within(days[2]!).getByLabelText('Plan for the day'), { target: { value: '  Nara: deer park  ' } });
    expect(dayPlansBody(last)).toEqual([
      {
        day: 2,
        meetingAddress: expect.stringMatching(/^Kyoto Station · /),
        meetingPostalCode: '600-8216',
        meetingLat: 34.9858,
        meetingLng: 135.7588,
        startTime: '08:30',
      },
      { day: 3, plan: 'Nara: deer park' },
    ]);
    expect((within(days[2]!).getByLabelText('Plan for the day') as HTMLTextAreaElement).maxLength).toBe(300);
  });
});

describe('the guide reads the family in words (decision 178)', () => {
  const family = {
    childAges: [8, 1],
    needs: { stroller: true, childSeat: true },
    extras: [{ kind: 'meals' as const, priceCents: 3_000, currency: 'JPY' as const, note: null }],
  };
  const line = async (lang: string) => {
    await act(() => i18next.changeLanguage(lang));
    render(
      <dl>
        <FamilyFacts booking={family} />
      </dl>,
    );
    const out = [
      screen.getByTestId('family-line').querySelector('dd')!.textContent,
      screen.getByTestId('family-extras').querySelector('dd')!.textContent,
    ];
    cleanup();
    return out;
  };

  it('says the ages and needs, and the extras paid at cost, in en, zh-CN and ja', async () => {
    expect(await line('en')).toEqual([
      'Children: 8, 1 · stroller · child seat',
      'Paid at cost: Meals, about ¥3,000 (JPY)',
    ]);
    expect(await line('zh-CN')).toEqual([
      '儿童：8 岁、1 岁 · 婴儿车 · 儿童安全座椅',
      '按实际金额当面支付：餐费（约 3,000 日元）',
    ]);
    expect(await line('ja')).toEqual([
      'お子さま：8歳、1歳・ベビーカー・チャイルドシート',
      '実費払い：食事代（約3,000円）',
    ]);
  });

  it('says nothing when the family said nothing', () => {
    const { container } = render(
      <dl>
        <FamilyFacts booking={{ childAges: null, needs: { stroller: false, childSeat: false }, extras: [] }} />
      </dl>,
    );
    expect(container.querySelector('dl')!.textContent).toBe('');
  });
});

describe('the review beside Pay lists the extras at cost apart from the total (decision 178)', () => {
  it('names each with about what it costs and says it is not charged online', () => {
    const facts: OrderReviewFacts = {
      service: 'Basic tour',
      guideName: 'Sato',
      date,
      startTime: '09:00',
      timeZone: 'Asia/Tokyo',
      hours: 8,
      days: 3,
      travelers: 4,
      totalCents: 540_000,
      nowCents: 108_000,
      inPersonCents: 432_000,
      method: 'card',
      depositCents: 108_000,
      validity: { kind: 'newHold' },
      currency: 'CNY',
      atCost: [
        { kind: 'entrance_tickets', priceCents: 2_000, currency: 'JPY' },
        { kind: 'meals', priceCents: 3_000, currency: 'JPY' },
      ],
    };
    render(
      <MemoryRouter>
        <OrderReview facts={facts} />
      </MemoryRouter>,
    );
    const atCost = within(screen.getByTestId('review-at-cost'));
    expect(atCost.getByText('Paid in person at cost (not charged online)')).toBeTruthy();
    expect(atCost.getByText('Entrance tickets').nextSibling!.textContent).toBe('about ¥2,000 (JPY)');
    expect(atCost.getByText('Meals').nextSibling!.textContent).toBe('about ¥3,000 (JPY)');
    expect(
      atCost.getByText('Not part of the total above: you pay the real cost to the guide on the day.'),
    ).toBeTruthy();
  });
});
