import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { previewPrice } from '../lib/price';
import { sampleBooking } from '../test-booking';
import { OrderReview, type OrderReviewFacts } from './order-review';
import { PriceBreakdown } from './price-breakdown';
import { TripCard } from './trip-card';

/**
 * The travel credit (decision 139) as the traveler reads it: taken off the price before paying, and given on a card the
 * guide ended.
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

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['tour', 'trips', 'bookings', 'guides', 'disputes']);
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

const guide = {
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 3_000,
  services: [],
  groupPricing: { includedPeople: 1, childPriceRate: 1, infantsFree: true, dayRateCents: null, dayHours: 8 },
};
const draft = { durationHours: 2, adults: 2, children: 0, infants: 0, subcategoryId: null };

describe('travel credit (decision 139)', () => {
  it('the preview takes the credit off the total, the deposit on what is left, as the server does', () => {
    const plain = previewPrice(guide, draft);
    expect(plain).toMatchObject({ totalCents: 66_000, depositCents: 13_200, balanceCents: 52_800 });
    expect(plain.creditCents).toBeUndefined();
    const credited = previewPrice(guide, draft, 5_000);
    expect(credited).toMatchObject({
      totalCents: 61_000,
      depositCents: 12_200,
      balanceCents: 48_800,
      creditCents: 5_000,
    });
    // At most half the total.
    expect(previewPrice(guide, { ...draft, durationHours: 1, adults: 1 }, 50_000)).toMatchObject({
      totalCents: 15_000,
      creditCents: 15_000,
    });
  });

  it('the breakdown shows the credit between the lines and the total, and the lines still add up', async () => {
    await i18next.changeLanguage('zh-CN');
    render(wrap(<PriceBreakdown price={previewPrice(guide, draft, 5_000)} />));
    expect(screen.getByText('抵用金')).toBeTruthy();
    expect(screen.getByText('−50 元')).toBeTruthy();
    expect(screen.getByText('610 元')).toBeTruthy();
    // 300 × 2 h + 30 × 2 h for the second traveler = 660, less 50.
    expect(screen.getByText('600 元')).toBeTruthy();
    expect(screen.getByText('60 元')).toBeTruthy();
  });

  it('the final confirmation names the credit applied', () => {
    const facts: OrderReviewFacts = {
      service: 'City walk',
      guideName: 'Sato Yuki',
      date: '2026-12-10',
      startTime: '10:00',
      timeZone: 'Asia/Tokyo',
      hours: 2,
      travelers: 2,
      totalCents: 61_000,
      nowCents: 12_200,
      inPersonCents: 48_800,
      method: 'card',
      depositCents: 12_200,
      validity: { kind: 'newHold' },
      creditCents: 5_000,
    };
    render(wrap(<OrderReview facts={facts} />));
    expect(screen.getByText('Travel credit applied')).toBeTruthy();
    expect(screen.getByText(/−.*50/)).toBeTruthy();
  });

  it('a card the guide cancelled tells the traveler of the credit for the next booking, or that it was used', async () => {
    const now = new Date('2026-11-25T02:00:00Z');
    const cancelled = sampleBooking({
      status: 'cancelled',
      cancelledBy: 'guide',
      cancelReason: 'Family emergency',
      actions: [],
      creditIssued: { amountCents: 5_000, expiresAt: '2027-11-25T02:00:00.000Z', spent: false },
    });
    const { unmount } = render(wrap(<TripCard booking={cancelled} now={now} onContactSupport={() => {}} />));
    await waitFor(() =>
      expect(document.body.textContent).toContain('A credit of 50 RMB for your next booking, until Nov 25, 2027'),
    );
    unmount();
    render(
      wrap(
        <TripCard
          booking={{
            ...cancelled,
            creditIssued: { amountCents: 5_000, expiresAt: '2027-11-25T02:00:00.000Z', spent: true },
          }}
          now={now}
          onContactSupport={() => {}}
        />,
      ),
    );
    expect(
      await screen.findByText('The credit of 50 RMB this gave you has been used on a later booking.'),
    ).toBeTruthy();
    cleanup();
    // Past its date unused, the card no longer promises it.
    render(
      wrap(
        <TripCard
          booking={{
            ...cancelled,
            creditIssued: { amountCents: 5_000, expiresAt: '2025-11-25T02:00:00.000Z', spent: false },
          }}
          now={now}
          onContactSupport={() => {}}
        />,
      ),
    );
    expect(
      await screen.findByText('The credit of 50 RMB this gave you expired on Nov 25, 2025 without being used.'),
    ).toBeTruthy();
  });

  it('the next checkout names the credit it spends with until when it was good for', async () => {
    await i18next.changeLanguage('zh-CN');
    render(
      wrap(
        <PriceBreakdown
          price={{ ...previewPrice(guide, draft, 5_000), creditExpiresAt: '2027-11-25T02:00:00.000Z' }}
        />,
      ),
    );
    expect(screen.getByText('抵用金（有效期至2027年11月25日）')).toBeTruthy();
  });
});
