import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingChange, ChangeMoney, ChangeQuote, ChangeTrip } from '../../../../shared/schemas/booking-changes';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { Payment } from '../../../../shared/schemas/payments';
import { ToasterHost as Toaster } from '../../../components/ui/toaster-host';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { TripCard } from './trip-card';

/**
 * Changing a booked trip on the traveler's card (decision 177): the group and the days priced as they
 * settle and read in words, the refusals in words, the change sent and its difference paid as an
 * extension's fee is, an open change with Withdraw, how the last one ended. The API is a stubbed fetch.
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const now = new Date('2026-11-22T12:00:00Z');

const booking = (over: Partial<Booking> = {}): Booking =>
  sampleBooking({
    date: '2026-12-03',
    startsAt: '2026-12-03T01:00:00Z',
    endsAt: '2026-12-03T03:00:00Z',
    status: 'upcoming',
    days: 1,
    actions: ['cancel'],
    reschedule: null,
    ...over,
  });

const trip = (over: Partial<ChangeTrip> = {}): ChangeTrip => ({
  adults: 2,
  children: 0,
  infants: 0,
  days: 1,
  dayHours: 2,
  totalCents: 66_000,
  depositCents: 13_200,
  inPersonCents: 52_800,
  endsAt: '2026-12-03T03:00:00Z',
  ...over,
});
const money = (over: Partial<ChangeMoney> = {}): ChangeMoney => ({
  currency: 'CNY',
  payNowCents: 0,
  payNowChargeCents: 0,
  chargeCurrency: 'CNY',
  refundCents: 0,
  keptCents: 0,
  tier: null,
  ...over,
});
/** Two adults and a child for two days: the deposit's difference is charged now, and the guide accepts it first. */
const bigger: ChangeQuote = {
  from: trip(),
  to: trip({
    children: 1,
    days: 2,
    totalCents: 138_000,
    depositCents: 27_600,
    inPersonCents: 110_400,
    endsAt: '2026-12-04T03:00:00Z',
  }),
  money: money({ payNowCents: 14_400, payNowChargeCents: 14_400 }),
  needsGuide: true,
};
const change = (over: Partial<BookingChange> = {}): BookingChange => ({
  ...bigger,
  id: 5,
  bookingId: 12,
  status: 'requested',
  requestedAt: '2026-11-22T11:00:00Z',
  expiresAt: '2026-11-24T11:00:00Z',
  decidedAt: null,
  declineReason: null,
  ...over,
});
const payment = {
  id: 81,
  bookingId: 12,
  kind: 'deposit',
  method: 'card',
  provider: 'simulated',
  status: 'succeeded',
  amountCents: 14_400,
  refundedCents: 0,
  currency: 'CNY',
  last4: '4242',
  proofUploadedByTraveler: false,
  verifiedByGuide: false,
  createdAt: '',
  approvalUrl: null,
  clientSecret: null,
  failureCode: null,
  demo: true,
} satisfies Payment;

let fetchMock: ReturnType<typeof vi.fn>;
let changes: BookingChange[];
let quoteReply: () => Response;
let sentReply: () => Response;
const calls = (method: string, part: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u).includes(part) && ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([u, init]) => ({ url: String(u), init: init as RequestInit }));

/** The card of `b`; `show` renders it again with the booking as the server now answers it. */
function renderCard(b: Booking = booking()) {
  const client = createQueryClient();
  const card = (x: Booking) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <TripCard booking={x} now={now} onContactSupport={() => {}} />
        </Suspense>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
  const view = render(card(b));
  return { ...view, show: (x: Booking) => view.rerender(card(x)) };
}

/** Opens the sheet and asks for one more child and two days. */
async function askBigger() {
  fireEvent.click(await screen.findByRole('button', { name: 'Change the trip' }));
  const sheet = await screen.findByRole('dialog', { name: 'Change the trip' });
  fireEvent.click(within(sheet).getByRole('button', { name: 'More: Children' }));
  fireEvent.change(within(sheet).getByLabelText('Days'), { target: { value: '2' } });
  return sheet;
}

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['changes', 'trips', 'bookings', 'payments', 'tour']);
});
beforeEach(() => {
  changes = [];
  quoteReply = () => json(bigger);
  sentReply = () => json(change({ status: 'awaiting_payment', expiresAt: '2026-11-22T12:30:00Z' }), 201);
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.includes('/api/config/public'))
      return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
    if (url.startsWith('/api/v2/guides/3')) return json({ id: 3, minPeople: 1, maxPeople: 6, itineraries: [] });
    if (url.includes('/changes/quote')) return quoteReply();
    if (url.endsWith('/changes') && method === 'POST') {
      // The list, read again, holds the change sent, as the server's would.
      const sent = sentReply();
      changes = [(await sent.clone().json()) as BookingChange];
      return sent;
    }
    if (url.endsWith('/changes')) return json({ changes });
    if (url.endsWith('/withdraw')) return json(change({ status: 'withdrawn' }));
    if (url.endsWith('/payments')) return json({ payment, booking: booking() }, 201);
    return json(booking());
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('changing the trip', () => {
  it('prices the group and days once they settle, in words: the new trip, its total, what is paid now and in person, the guide’s answer', async () => {
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Change the trip' }));
    const sheet = await screen.findByRole('dialog', { name: 'Change the trip' });
    expect(within(sheet).getByText('Booked now: 2 hours, 2 people')).toBeTruthy();
    // Nothing changed yet: nothing is asked, and nothing can be sent.
    expect(
      within(sheet).getByText('Change the group or the number of days to see what the new trip costs.'),
    ).toBeTruthy();
    expect((within(sheet).getByRole('button', { name: 'Change the trip' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(sheet).getByRole('button', { name: 'More: Children' }));
    fireEvent.change(within(sheet).getByLabelText('Days'), { target: { value: '2' } });
    expect(within(sheet).getByText('Each day lasts 2 hours from 10:00, as booked.')).toBeTruthy();
    expect(within(sheet).getByTestId('change-quote-loading')).toBeTruthy();

    const summary = await within(sheet).findByTestId('change-quote');
    expect(within(summary).getByText('2 days × 2 hours, 2 adults, 1 child')).toBeTruthy();
    expect(within(summary).getByText('1,380 RMB')).toBeTruthy();
    expect(within(summary).getByText('Now 660 RMB')).toBeTruthy();
    expect(within(summary).getByText('To pay now').nextElementSibling?.textContent).toBe('144 RMB');
    expect(within(summary).getByText('Left to pay your guide in person').nextElementSibling?.textContent).toBe(
      '1,104 RMB',
    );
    expect(
      within(summary).getByText('Your guide confirms within 48 hours; your booking stays as it is until then.'),
    ).toBeTruthy();
    // One question for the settled choice, not one per tap.
    expect(calls('GET', '/changes/quote').map((c) => c.url)).toEqual([
      '/api/v2/bookings/12/changes/quote?adults=2&children=1&infants=0&days=2',
    ]);
  });

  it('sends the change, then pays its difference as the extension is paid: kind change, an Idempotency-Key, the server’s figure', async () => {
    renderCard();
    const sheet = await askBigger();
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Continue to pay 144 RMB' }));
    await waitFor(() => expect(calls('POST', '/changes')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/changes')[0]!.init.body))).toEqual({
      adults: 2,
      children: 1,
      infants: 0,
      days: 2,
    });

    const pay = await screen.findByRole('dialog', { name: 'Pay for the change' });
    expect(within(pay).getByText('New trip: 2 days × 2 hours, 2 adults, 1 child')).toBeTruthy();
    fireEvent.change(within(pay).getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(within(pay).getByLabelText(/Expiry/), { target: { value: '1234' } });
    fireEvent.change(within(pay).getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.change(within(pay).getByLabelText('Name on card'), { target: { value: 'Li Wei' } });
    fireEvent.click(within(pay).getByRole('button', { name: 'Pay 144 RMB' }));
    await waitFor(() => expect(calls('POST', '/payments')).toHaveLength(1));
    const sent = calls('POST', '/payments')[0]!;
    expect(sent.url).toBe('/api/v2/bookings/12/payments');
    expect(JSON.parse(String(sent.init.body))).toMatchObject({ kind: 'change', method: 'card', cardHolder: 'Li Wei' });
    expect(JSON.parse(String(sent.init.body))).not.toHaveProperty('amountCents');
    expect((sent.init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^pay_[0-9a-f]{32}$/);
    expect(await screen.findByText('Change paid')).toBeTruthy();
    expect(
      screen.getByText('Haruka Tanaka now confirms the change; your booking stays as it is until then.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('fewer days: what comes back and the tier that measured it, what the guide keeps, a change made at once (中文)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const three = trip({ days: 3, totalCents: 198_000, depositCents: 39_600, inPersonCents: 158_400 });
    const two = trip({ days: 2, totalCents: 132_000, depositCents: 26_400, inPersonCents: 105_600 });
    quoteReply = () =>
      json({
        from: three,
        to: two,
        money: money({ refundCents: 6_600, keptCents: 6_600, tier: 'days_3_to_7' }),
        needsGuide: false,
      });
    const b = booking({ days: 3, duration: 2, totalPriceCents: 198_000 });
    sentReply = () =>
      json(change({ from: three, to: two, status: 'applied', needsGuide: false, expiresAt: null }), 201);
    renderCard(b);
    fireEvent.click(await screen.findByRole('button', { name: '更改行程' }));
    const sheet = await screen.findByRole('dialog', { name: '更改行程' });
    fireEvent.change(within(sheet).getByLabelText('天数'), { target: { value: '2' } });
    const summary = await within(sheet).findByTestId('change-quote');
    expect(within(summary).getByText('2 天 × 2 小时，2 人')).toBeTruthy();
    expect(within(summary).getByText('退还给您').nextElementSibling?.textContent).toBe('66 元');
    expect(within(summary).getByText('距减少的第一天还有 3–7 天，按取消政策退还减少部分所占定金的 50%。')).toBeTruthy();
    expect(within(summary).getByText('其中 66 元 归地陪所有，因为地陪为您预留了时间。')).toBeTruthy();
    expect(within(summary).getByText('这位地陪支持即时预订，更改会立即生效。')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: '更改行程' }));
    expect(await screen.findByText('行程已更改')).toBeTruthy();
    expect(screen.getByText('您的行程现在是：2 天 × 2 小时，2 人。')).toBeTruthy();
    expect(calls('POST', '/payments')).toHaveLength(0);
    // The trip sent is now the booking's: its price is not asked again (the server would answer change_unchanged).
    expect(calls('GET', '/changes/quote')).toHaveLength(1);
  });

  it('opens again on the trip as it now stands once a change is made, not on the one before it (e2e/family-trip.spec.ts)', async () => {
    const three = trip({ days: 3, totalCents: 198_000, depositCents: 39_600, inPersonCents: 158_400 });
    const two = trip({ days: 2, totalCents: 132_000, depositCents: 26_400, inPersonCents: 105_600 });
    quoteReply = () =>
      json({
        from: three,
        to: two,
        money: money({ refundCents: 13_200, tier: 'more_than_7_days' }),
        needsGuide: false,
      });
    sentReply = () =>
      json(change({ from: three, to: two, status: 'applied', needsGuide: false, expiresAt: null }), 201);
    const card = renderCard(booking({ days: 3, duration: 2, totalPriceCents: 198_000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Change the trip' }));
    let sheet = await screen.findByRole('dialog', { name: 'Change the trip' });
    fireEvent.change(within(sheet).getByLabelText('Days'), { target: { value: '2' } });
    await within(sheet).findByTestId('change-quote');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Change the trip' }));
    expect(await screen.findByText('Trip changed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The booking read again is the two days: the sheet opens on them, with nothing asked yet.
    card.show(booking({ days: 2, duration: 2, totalPriceCents: 132_000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Change the trip' }));
    sheet = await screen.findByRole('dialog', { name: 'Change the trip' });
    expect((within(sheet).getByLabelText('Days') as HTMLSelectElement).value).toBe('2');
    expect(
      within(sheet).getByText('Change the group or the number of days to see what the new trip costs.'),
    ).toBeTruthy();
    await new Promise((r) => setTimeout(r, 500));
    expect(calls('GET', '/changes/quote')).toHaveLength(1);
  });

  it('says why the server refuses: the guide’s other tour on the added day, by the booking box’s words', async () => {
    quoteReply = () =>
      json(
        {
          code: 'slot_unavailable',
          message: 'taken',
          fields: [
            { path: 'clashStartsAt', message: '2026-12-04T00:00:00Z' },
            { path: 'clashEndsAt', message: '2026-12-04T04:00:00Z' },
          ],
        },
        409,
      );
    renderCard();
    const sheet = await askBigger();
    expect(await within(sheet).findByRole('alert')).toHaveProperty(
      'textContent',
      'On day 2 (Dec 4) the guide already has a tour at 09:00–13:00 (Japan time). Please choose another start time or other days.',
    );
    expect((within(sheet).getByRole('button', { name: 'Change the trip' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a change is already open in its own words, and offers a retry when the price could not be worked out', async () => {
    quoteReply = () => json({ code: 'change_open', message: 'open' }, 409);
    renderCard();
    const sheet = await askBigger();
    expect((await within(sheet).findByRole('alert')).textContent).toBe(
      'A change of this trip is already waiting. Withdraw it first to ask for another.',
    );
    quoteReply = () => json({ code: 'internal_error', message: 'boom' }, 500);
    fireEvent.click(within(sheet).getByRole('button', { name: 'More: Adults' }));
    expect(await within(sheet).findByText('We could not work out the new price. Please try again.')).toBeTruthy();
    quoteReply = () => json(bigger);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Try again' }));
    expect(await within(sheet).findByTestId('change-quote')).toBeTruthy();
  });
});

describe('a change on the card', () => {
  it('waits for the guide: what was asked, until when, and Withdraw (no second change meanwhile)', async () => {
    changes = [change()];
    renderCard();
    const region = await screen.findByRole('region', { name: 'Change of trip' });
    expect(within(region).getByText('You asked to change the trip')).toBeTruthy();
    expect(within(region).getByText('2 days × 2 hours, 2 adults, 1 child')).toBeTruthy();
    expect(within(region).getByText(/^Haruka Tanaka answers by Nov 24, 2026, 20:00 \(Japan time\)/)).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Change the trip' })).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Withdraw the change' }));
    await waitFor(() =>
      expect(calls('POST', '/withdraw').map((c) => c.url)).toEqual(['/api/v2/bookings/12/changes/5/withdraw']),
    );
    expect(await screen.findByText('Change withdrawn')).toBeTruthy();
  });

  it('waits for its payment: Pay opens the payment with the server’s figure', async () => {
    changes = [change({ status: 'awaiting_payment', expiresAt: '2026-11-22T12:30:00Z' })];
    renderCard();
    const region = await screen.findByRole('region', { name: 'Change of trip' });
    expect(within(region).getByText('Your change waits for payment')).toBeTruthy();
    expect(within(region).getByText(/^Pay 144 RMB by Nov 22, 2026, 21:30 \(Japan time\)/)).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Pay 144 RMB' }));
    expect(await screen.findByRole('dialog', { name: 'Pay for the change' })).toBeTruthy();
  });

  it('tells how the last one ended: declined with the guide’s reason (日本語)', async () => {
    await act(() => i18next.changeLanguage('ja'));
    changes = [
      change({ status: 'declined', declineReason: '2日目は別の予約があります', decidedAt: '2026-11-22T11:30:00Z' }),
    ];
    renderCard();
    const region = await screen.findByRole('region', { name: '旅程の変更' });
    expect(
      within(region).getByText(
        'Haruka Tanaka さんが「2日間 × 2時間、大人 2名、お子さま 1名」への変更をお断りしました。ご予約は今のままです。',
      ),
    ).toBeTruthy();
    expect(within(region).getByText('理由：2日目は別の予約があります')).toBeTruthy();
    expect(within(region).getByRole('button', { name: '旅程を変更' })).toBeTruthy();
  });

  it('is not offered once the tour has started, nor on a booking not yet paid', async () => {
    const { unmount } = renderCard(booking({ startsAt: '2026-11-22T11:00:00Z', date: '2026-11-22' }));
    await waitFor(() => expect(calls('GET', '/changes')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Change the trip' })).toBeNull();
    unmount();
    renderCard(booking({ status: 'pending', paymentDueAt: '2026-11-22T12:30:00Z' }));
    expect(await screen.findByText('TG0012')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change the trip' })).toBeNull();
    expect(calls('GET', '/changes')).toHaveLength(1);
  });
});
