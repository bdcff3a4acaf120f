import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../../shared/schemas/messaging';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { emptyDraft, toTourRequest, validateTourRequest, yen } from './rules';
import { TourRequestCard } from './tour-request-card';
import { TourRequestForm } from './tour-request-form';

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const valid = { ...emptyDraft(), date: '2026-12-05', itinerary: 'Asakusa, Ueno', meetingAddress: 'Kaminarimon, Taito', meetingPostalCode: '111-0034' };

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('tour request rules (SPEC §5 postal codes, §9 allowances)', () => {
  it('accepts a complete request and formats the postal code', () => {
    expect(validateTourRequest(valid, '2026-11-22')).toEqual({});
    expect(toTourRequest({ ...valid, meetingPostalCode: '1110034' }).meetingPostalCode).toBe('111-0034');
  });
  it('maps postal codes to the two spec messages, and needs the address', () => {
    expect(validateTourRequest({ ...valid, meetingPostalCode: '' }, '2026-11-22').meetingPostalCode).toBe('postalLength');
    expect(validateTourRequest({ ...valid, meetingPostalCode: '12345' }, '2026-11-22').meetingPostalCode).toBe('postalLength');
    expect(validateTourRequest({ ...valid, meetingPostalCode: 'abc-defg' }, '2026-11-22').meetingPostalCode).toBe('postalDigits');
    expect(validateTourRequest({ ...valid, meetingAddress: '  ' }, '2026-11-22').meetingAddress).toBe('address');
  });
  it('checks date, time, ranges and the itinerary', () => {
    const e = validateTourRequest({ ...emptyDraft(), startTime: '25:00', durationHours: '0', travelers: '0', meals: '11', ticketCount: '21' }, '2026-11-22');
    expect(Object.keys(e).sort()).toEqual(['date', 'durationHours', 'itinerary', 'meals', 'meetingAddress', 'meetingPostalCode', 'startTime', 'ticketCount', 'travelers'].sort());
    expect(validateTourRequest({ ...valid, date: '2026-11-21' }, '2026-11-22').date).toBe('datePast');
  });
  it('writes yen as UI.md says', () => {
    expect(yen(14000, 'en')).toBe('¥14,000 (JPY)');
    expect(yen(14000, 'zh-CN')).toBe('14000 日元');
  });
});

describe('TourRequestForm', () => {
  it('shows the exact spec messages on the fields, tied with aria-describedby, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    wrap(<TourRequestForm conversationId={7} onDone={() => undefined} />);
    const postal = await screen.findByLabelText('Meeting postal code');
    fireEvent.change(postal, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Please provide the meeting address.')).toBeTruthy();
    expect(screen.getByText('Invalid postal code / Please enter a 7-digit Japanese postal code (numbers only).')).toBeTruthy();
    expect(postal.getAttribute('aria-describedby')).toBe('tr-meetingPostalCode-error');
    fireEvent.change(postal, { target: { value: '12345' } });
    expect((postal as HTMLInputElement).value).toBe('123-45');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Please enter a valid 7-digit postal code.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lists the four transport tiers in yen and totals the fees (Chinese)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    wrap(<TourRequestForm conversationId={7} onDone={() => undefined} />);
    const transport = (await screen.findByLabelText('交通（往返）')) as HTMLSelectElement;
    const labels = [...transport.options].map((o) => o.textContent);
    expect(labels).toEqual(['同城，1 小时以内 — 2000 日元', '邻近城市，2 小时以内 — 14000 日元', '周边城市，2–4 小时 — 20000 日元', '远途，4 小时以上 — 33000 日元', '不需要交通']);
    fireEvent.change(transport, { target: { value: 'remote' } });
    fireEvent.change(screen.getByLabelText('餐数'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('门票数'), { target: { value: '3' } });
    const fees = screen.getByTestId('tour-fees').textContent!;
    expect(fees).toContain('2000 日元'); // meals
    expect(fees).toContain('33000 日元');
    expect(fees).toContain('3000 日元');
    expect(fees).toContain('38000 日元');
  });

  it('sends the request through the API', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: { id: 1 }, credits: null }), { status: 201, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const done = vi.fn();
    wrap(<TourRequestForm conversationId={7} onDone={done} />);
    fireEvent.change(await screen.findByLabelText('Date'), { target: { value: '2099-01-10' } });
    fireEvent.change(screen.getByLabelText('Itinerary'), { target: { value: 'Asakusa' } });
    fireEvent.change(screen.getByLabelText('Meeting address'), { target: { value: 'Kaminarimon' } });
    fireEvent.change(screen.getByLabelText('Meeting postal code'), { target: { value: '1110034' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const calls = fetch.mock.calls as unknown as [RequestInfo, RequestInit][];
    const [url, init] = calls[0]!;
    expect(String(url)).toContain('/api/conversations/7/tour-requests');
    const body = JSON.parse(String(init.body));
    expect(body.request).toMatchObject({ date: '2099-01-10', meetingPostalCode: '111-0034', transport: 'same_city', itinerary: 'Asakusa' });
  });
});

describe('TourRequestCard', () => {
  const message = (status: 'pending' | 'accepted', bookingId: number | null = null): Message => ({
    id: 5,
    clientMessageId: 'abcdefgh5',
    conversationId: 7,
    senderId: 1,
    body: 'Tour request: 2026-12-05 10:00, 4 h, 2 traveler(s)',
    kind: 'tour_request',
    masked: false,
    sentAt: '2026-11-22T10:00:00.000Z',
    readAt: null,
    tourRequest: {
      ...toTourRequest(valid),
      state: { status, rejectReason: null, bookingId, allowances: { mealYen: 1000, transportYen: 2000, ticketsYen: 0, totalYen: 3000 } },
    },
  });

  it('the guide rejects only after choosing a reason and confirming', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: message('pending') }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    wrap(<TourRequestCard message={message('pending')} isGuideView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const next = screen.getByRole('button', { name: 'Continue' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I am fully booked'));
    fireEvent.click(next);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = (fetch.mock.calls as unknown as [RequestInfo, RequestInit][])[0]!;
    expect(String(url)).toContain('/tour-requests/5/reject');
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'fully_booked', confirm: true });
  });

  it('after acceptance the traveler gets the payment link of the pending booking', async () => {
    wrap(<TourRequestCard message={message('accepted', 42)} isGuideView={false} />);
    const pay = await screen.findByRole('link', { name: 'Pay for the booking' });
    expect(pay.getAttribute('href')).toBe('/checkout?booking=42');
    expect(screen.getByTestId('tour-fees').textContent).toContain('¥3,000 (JPY)');
  });
});
