import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import type { BookableGuide, BookingDraft } from '../lib/selection';
import { BookingBox } from './booking-box';
import { OrderReview, type OrderReviewFacts } from './order-review';

/**
 * The group on the booking box (decision 152): adults, children and infants, and the server's quote
 * of them; and the final confirmation listing the price lines and the guide's extras before paying.
 */
const guide: BookableGuide = {
  id: 3,
  groupPricing: { includedPeople: 2, childPriceRate: 0.5, infantsFree: true, dayRateCents: null, dayHours: 8 },
  timeZone: 'Asia/Tokyo',
  minNoticeHours: 24,
  minDuration: 1,
  maxDuration: 8,
  minPeople: 1,
  maxPeople: 4,
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 10_000,
  services: [],
  availabilities: { weekly: [], exceptions: [] },
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const asked: URL[] = [];

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['bookings', 'guides']);
});
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/quote')) {
        const q = new URL(url, 'http://x');
        asked.push(q);
        const children = Number(q.searchParams.get('children'));
        // The server's answer: two adults included, a child at half the additional price.
        const lines = [{ kind: 'base', label: 'ガイド料（2名まで）・2時間', amountCents: 60_000 }];
        if (children)
          lines.push({ kind: 'children', label: `お子さま（3〜11歳）${children}名`, amountCents: children * 10_000 });
        const total = 60_000 + children * 10_000;
        return json({
          guideId: 3,
          currency: 'CNY',
          adults: 2,
          children,
          infants: 0,
          hours: 2,
          days: null,
          totalCents: total,
          depositCents: total / 5,
          inPersonCents: total - total / 5,
          lines,
        });
      }
      if (url.includes('/slots'))
        return json({
          guideId: 3,
          date: '2026-12-03',
          timeZone: 'Asia/Tokyo',
          durationHours: 2,
          leadTimeHours: 12,
          slots: [],
        });
      return json({});
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

function Harness() {
  const [draft, setDraft] = useState<BookingDraft>({
    date: '2026-12-03',
    startTime: null,
    durationHours: 2,
    adults: 2,
    children: 0,
    infants: 0,
    subcategoryId: null,
  });
  return (
    <BookingBox
      guide={guide}
      draft={draft}
      onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
      onBook={() => {}}
    />
  );
}
const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the group steppers (decision 152)', () => {
  it('are buttons named for each age group, keep an adult, and stop at the most people the guide takes, infants included', async () => {
    show();
    expect(screen.getByText('Ages 3–11')).toBeTruthy();
    expect(screen.getByText('Under 3')).toBeTruthy();
    // Native buttons: reachable by Tab and pressed with Enter or Space.
    expect(button('More: Children').type).toBe('button');
    fireEvent.click(button('Fewer: Adults'));
    expect(button('Fewer: Adults').disabled).toBe(true);
    fireEvent.click(button('More: Adults'));
    fireEvent.click(button('More: Children'));
    fireEvent.click(button('More: Infants'));
    // 2 adults + 1 child + 1 infant = 4, the guide's most.
    for (const name of ['More: Adults', 'More: Children', 'More: Infants']) expect(button(name).disabled).toBe(true);
    expect(screen.getByRole('status', { name: 'Infants' }).textContent).toBe('1');
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('infants')).toBe('1'));
  });

  it("shows the group's total and lines from the server's quote, in the reader's language", async () => {
    await act(() => i18next.changeLanguage('ja'));
    show();
    fireEvent.click(button('お子さまを増やす'));
    await waitFor(() => expect(screen.getByText('お子さま（3〜11歳）1名')).toBeTruthy());
    expect(asked.at(-1)?.searchParams.get('lang')).toBe('ja');
    expect(asked.at(-1)?.searchParams.get('adults')).toBe('2');
    expect(document.body.textContent).toContain('700');
  });
});

describe('the final confirmation of a family (decision 152)', () => {
  const facts: OrderReviewFacts = {
    service: 'City walk',
    guideName: 'Sato Yuki',
    date: '2026-12-10',
    startTime: '10:00',
    timeZone: 'Asia/Tokyo',
    hours: 2,
    travelers: 4,
    children: 1,
    infants: 1,
    totalCents: 70_000,
    nowCents: 14_000,
    inPersonCents: 56_000,
    method: 'card',
    depositCents: 14_000,
    validity: { kind: 'newHold' },
    lines: [
      { label: 'Guide for up to 2 people · 2 h', amountCents: 60_000 },
      { label: '1 child (3–11)', amountCents: 10_000 },
      { label: '1 infant (under 3)', amountCents: 0 },
    ],
    extras: [
      { kind: 'overtime_hour', included: false, priceCents: 20_000 },
      { kind: 'entrance_tickets', included: false },
      { kind: 'public_transport', included: true },
    ],
    overtimeRateCents: 25_000,
  };

  it('lists the group, the price lines and what is included or paid at cost in person, with overtime at the rate the booking froze', () => {
    render(
      <MemoryRouter>
        <OrderReview facts={facts} />
      </MemoryRouter>,
    );
    const review = screen.getByTestId('order-review');
    expect(review.textContent).toContain('2 adults, 1 child, 1 infant');
    for (const line of facts.lines!) expect(screen.getByText(line.label)).toBeTruthy();
    expect(screen.getByText('What the price includes and what it does not')).toBeTruthy();
    const extras = screen.getByTestId('extras-list').textContent!;
    expect(extras).toContain('not included, paid at cost in person');
    expect(extras).toContain('included');
    expect(extras).toMatch(/250.*per hour/);
    expect(extras).not.toMatch(/200.*per hour/);
  });

  it('reads in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(
      <MemoryRouter>
        <OrderReview facts={facts} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('order-review').textContent).toContain('成人 2 位、儿童 1 位、婴儿 1 位');
    expect(screen.getByText('费用包含与不含的项目')).toBeTruthy();
  });
});
