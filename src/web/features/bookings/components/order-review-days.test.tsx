import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { OrderReview, type OrderReviewFacts } from './order-review';

/** The review beside Pay names every day of a booking of several days (decision 154), with the lines as labelled. */
const facts: OrderReviewFacts = {
  service: 'Tour with the guide',
  guideName: 'Haruka Tanaka',
  date: '2026-12-12',
  startTime: '09:00',
  timeZone: 'Asia/Tokyo',
  hours: 8,
  days: 3,
  travelers: 2,
  totalCents: 600_000,
  nowCents: 120_000,
  inPersonCents: 480_000,
  method: 'card',
  depositCents: 120_000,
  validity: { kind: 'newHold' },
  lines: [{ label: 'Guide for up to 2 people · 3 days', amountCents: 600_000 }],
};

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['bookings']);
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('the review of three days', () => {
  it.each([
    ['en', '3 days, Dec 12–14, 2026 09:00–17:00 (Japan time)', '3 days × 8 h a day'],
    ['zh-CN', '3 天（2026年12月12日–14日）09:00–17:00（日本时间）', '3 天'],
    ['ja', '3日間（2026年12月12日(土)〜14日(月)）09:00〜17:00（日本時間）', '3日間 × 1日8時間'],
  ])('says every day (%s)', async (lng, span, length) => {
    await act(() => i18next.changeLanguage(lng));
    render(
      <MemoryRouter>
        <Suspense fallback="loading">
          <OrderReview facts={facts} />
        </Suspense>
      </MemoryRouter>,
    );
    const text = (await screen.findByTestId('order-review')).textContent!;
    expect(text).toContain(span);
    expect(text).toContain(length);
    expect(text).toContain('Guide for up to 2 people · 3 days');
  });
});
