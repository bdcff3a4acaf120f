import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayInZone } from '../../../../shared/availability';
import type { Message } from '../../../../shared/schemas/messaging';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { pickDate } from '../../../test/pick-date';
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

/** A day a month ahead: within what the date's picker offers. */
const soon = addDays(todayInZone('Asia/Tokyo'), 30);
const valid = {
  ...emptyDraft(),
  date: '2026-12-05',
  itinerary: 'Asakusa, Ueno',
  meetingAddress: 'Kaminarimon, Taito',
  meetingPostalCode: '111-0034',
  subcategoryId: '12',
};

/** The guide's offered services (GET …/choices/with-subcategories) as the server sends them. */
const CHOICES = [
  {
    id: 2,
    nameEn: 'Food and drink',
    nameCn: '美食体验',
    nameJa: 'グルメ',
    subcategories: [{ id: 12, nameEn: 'Street food tour', nameCn: '街头美食之旅', nameJa: '食べ歩きツアー' }],
  },
  {
    id: 1,
    nameEn: 'Sightseeing',
    nameCn: '观光游览',
    nameJa: '観光',
    subcategories: [
      { id: 7, nameEn: 'City walking tour', nameCn: '城市漫步', nameJa: '街歩きツアー' },
      { id: 8, nameEn: 'Temples and shrines', nameCn: '寺庙神社', nameJa: '寺社めぐり' },
    ],
  },
];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** fetch for the form: the guide's services, and `send` for the POST of the request. */
function stubApi(
  send: () => Response = () => json({ data: { id: 1 }, credits: null }, 201),
  choices: unknown[] = CHOICES,
) {
  const fetch = vi.fn(async (url: RequestInfo) =>
    String(url).includes('/choices/with-subcategories') ? json({ data: choices }) : send(),
  );
  vi.stubGlobal('fetch', fetch);
  const posts = () =>
    (fetch.mock.calls as unknown as [RequestInfo, RequestInit][]).filter(([, init]) => init?.method === 'POST');
  return { fetch, posts };
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('tour request rules (postal codes, allowances)', () => {
  it('accepts a complete request and formats the postal code', () => {
    expect(validateTourRequest(valid, '2026-11-22')).toEqual({});
    expect(toTourRequest({ ...valid, meetingPostalCode: '1110034' }).meetingPostalCode).toBe('111-0034');
  });
  it('maps postal codes to the two spec messages, and needs the address', () => {
    expect(validateTourRequest({ ...valid, meetingPostalCode: '' }, '2026-11-22').meetingPostalCode).toBe(
      'postalLength',
    );
    expect(validateTourRequest({ ...valid, meetingPostalCode: '12345' }, '2026-11-22').meetingPostalCode).toBe(
      'postalLength',
    );
    expect(validateTourRequest({ ...valid, meetingPostalCode: 'abc-defg' }, '2026-11-22').meetingPostalCode).toBe(
      'postalDigits',
    );
    expect(validateTourRequest({ ...valid, meetingAddress: '  ' }, '2026-11-22').meetingAddress).toBe('address');
  });
  it('checks date, time, ranges, the itinerary and a chosen service', () => {
    const e = validateTourRequest(
      { ...emptyDraft(), startTime: '25:00', durationHours: '0', travelers: '0', meals: '11', ticketCount: '21' },
      '2026-11-22',
    );
    expect(Object.keys(e).sort()).toEqual(
      [
        'date',
        'durationHours',
        'itinerary',
        'meals',
        'meetingAddress',
        'meetingPostalCode',
        'startTime',
        'subcategoryId',
        'ticketCount',
        'travelers',
      ].sort(),
    );
    expect(e.subcategoryId).toBe('service');
    expect(toTourRequest(valid).subcategoryId).toBe(12);
    expect(validateTourRequest({ ...valid, date: '2026-11-21' }, '2026-11-22').date).toBe('datePast');
  });
  it('writes yen as docs/rules/look-and-language.md says', () => {
    expect(yen(14000, 'en')).toBe('¥14,000 (JPY, ≈ 700 RMB)');
    expect(yen(14000, 'zh-CN')).toBe('14,000 日元（约 700 元）');
    // The guide is paid them in yen on the day (decision 164): yen alone.
    expect(yen(14000, 'ja', 'guide')).toBe('14,000円');
    expect(yen(14000, 'en', 'guide')).toBe('¥14,000 (JPY)');
  });
});

describe('TourRequestForm', () => {
  it('shows the exact spec messages on the fields, tied with aria-describedby, and sends nothing', async () => {
    const { posts } = stubApi();
    wrap(<TourRequestForm conversationId={7} guideId={3} onDone={() => undefined} />);
    const postal = await screen.findByLabelText('Meeting postal code');
    fireEvent.change(postal, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Please provide the meeting address.')).toBeTruthy();
    expect(
      screen.getByText('Invalid postal code / Please enter a 7-digit Japanese postal code (numbers only).'),
    ).toBeTruthy();
    expect(postal.getAttribute('aria-describedby')).toBe('tr-meetingPostalCode-error');
    fireEvent.change(postal, { target: { value: '12345' } });
    expect((postal as HTMLInputElement).value).toBe('123-45');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Please enter a valid 7-digit postal code.')).toBeTruthy();
    expect(screen.getByText('Please choose a service.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('lists the four transport tiers in yen and totals the fees (Chinese)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    stubApi();
    wrap(<TourRequestForm conversationId={7} guideId={3} onDone={() => undefined} />);
    const transport = (await screen.findByLabelText('交通（往返）')) as HTMLSelectElement;
    const labels = [...transport.options].map((o) => o.textContent);
    expect(labels).toEqual([
      '同城，1 小时以内：2,000 日元（约 100 元）',
      '邻近城市，2 小时以内：14,000 日元（约 700 元）',
      '周边城市，2–4 小时：20,000 日元（约 1,000 元）',
      '远途，4 小时以上：33,000 日元（约 1,650 元）',
      '不需要交通',
    ]);
    fireEvent.change(transport, { target: { value: 'remote' } });
    fireEvent.change(screen.getByLabelText('餐数'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('门票数'), { target: { value: '3' } });
    const fees = screen.getByTestId('tour-fees').textContent!;
    expect(fees).toContain('2,000 日元'); // meals
    expect(fees).toContain('33,000 日元');
    expect(fees).toContain('3,000 日元');
    expect(fees).toContain('38,000 日元');
  });

  it("offers only the guide's own services, grouped and in the reader's language (Chinese)", async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const { fetch } = stubApi();
    wrap(<TourRequestForm conversationId={7} guideId={3} onDone={() => undefined} />);
    const select = (await screen.findByLabelText('服务项目')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(String((fetch.mock.calls as unknown as [RequestInfo][])[0]![0])).toContain(
      '/api/v2/service-categories/guides/3/choices/with-subcategories',
    );
    expect([...select.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['美食体验', '观光游览']);
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', '请选择地陪提供的服务'],
      ['12', '街头美食之旅'],
      ['7', '城市漫步'],
      ['8', '寺庙神社'],
    ]);
  });

  it('says so when the guide offers no services, and keeps the field disabled', async () => {
    stubApi(undefined, []);
    wrap(<TourRequestForm conversationId={7} guideId={3} onDone={() => undefined} />);
    expect(await screen.findByText(/This guide has not listed any services yet/)).toBeTruthy();
    expect((screen.getByLabelText('Service') as HTMLSelectElement).disabled).toBe(true);
  });

  it('shows service_not_offered on the service field', async () => {
    stubApi(() => json({ code: 'service_not_offered', message: 'This guide does not offer that service' }, 400));
    const done = vi.fn();
    wrap(<TourRequestForm conversationId={7} guideId={3} onDone={done} />);
    const select = (await screen.findByLabelText('Service')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: '8' } });
    pickDate(screen.getByRole('group', { name: 'Date' }), soon);
    fireEvent.change(screen.getByLabelText('Itinerary'), { target: { value: 'Asakusa' } });
    fireEvent.change(screen.getByLabelText('Meeting address'), { target: { value: 'Kaminarimon' } });
    fireEvent.change(screen.getByLabelText('Meeting postal code'), { target: { value: '1110034' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('This guide no longer offers that service. Please choose another.')).toBeTruthy();
    expect(select.getAttribute('aria-describedby')).toBe('tr-subcategoryId-error');
    expect(done).not.toHaveBeenCalled();
  });

  it('sends the request through the API', async () => {
    const { posts } = stubApi();
    const done = vi.fn();
    wrap(<TourRequestForm conversationId={7} guideId={3} onDone={done} />);
    const select = (await screen.findByLabelText('Service')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: '7' } });
    pickDate(await screen.findByRole('group', { name: 'Date' }), soon);
    fireEvent.change(screen.getByLabelText('Itinerary'), { target: { value: 'Asakusa' } });
    fireEvent.change(screen.getByLabelText('Meeting address'), { target: { value: 'Kaminarimon' } });
    fireEvent.change(screen.getByLabelText('Meeting postal code'), { target: { value: '1110034' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const [url, init] = posts()[0]!;
    expect(String(url)).toContain('/api/conversations/7/tour-requests');
    const body = JSON.parse(String(init.body));
    expect(body.request).toMatchObject({
      date: soon,
      meetingPostalCode: '111-0034',
      transport: 'same_city',
      itinerary: 'Asakusa',
      subcategoryId: 7,
    });
    expect(body.request).not.toHaveProperty('services');
    expect(body.request).not.toHaveProperty('meetingLat');
  });

  it('the meeting-point picker fills address and postal code from "京都站" and sends the coordinates', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const { posts } = stubApi();
    const done = vi.fn();
    wrap(<TourRequestForm conversationId={7} guideId={3} onDone={done} />);
    const select = (await screen.findByLabelText('服务项目')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: '7' } });
    pickDate(screen.getByRole('group', { name: '日期' }), soon);
    fireEvent.change(screen.getByLabelText('行程安排'), { target: { value: '伏见稻荷' } });
    const address = screen.getByRole('combobox', { name: '集合地址' });
    fireEvent.change(address, { target: { value: '京都站' } });
    fireEvent.keyDown(address, { key: 'ArrowDown' });
    fireEvent.keyDown(address, { key: 'Enter' });
    expect((address as HTMLInputElement).value).toBe('京都站 · 京都府京都市下京区東塩小路町');
    expect((screen.getByLabelText('集合地邮编') as HTMLInputElement).value).toBe('600-8216');
    expect(done).not.toHaveBeenCalled(); // Enter chose the place; it did not send the form
    fireEvent.click(screen.getByRole('button', { name: '发送请求' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const body = JSON.parse(String(posts()[0]![1].body));
    expect(body.request).toMatchObject({
      meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
      meetingPostalCode: '600-8216',
      meetingLat: 34.9858,
      meetingLng: 135.7588,
    });
  });
});

describe('TourRequestCard', () => {
  const message = (status: 'pending' | 'accepted', bookingId: number | null = null): Message => ({
    id: 5,
    clientMessageId: 'abcdefgh5',
    conversationId: 7,
    senderId: 1,
    body: '',
    kind: 'tour_request',
    masked: false,
    sentAt: '2026-11-22T10:00:00.000Z',
    readAt: null,
    offer: null,
    tourRequest: {
      ...toTourRequest(valid),
      service: { id: 12, nameEn: 'Street food tour', nameCn: '街头美食之旅', nameJa: '食べ歩きツアー' },
      state: {
        status,
        rejectReason: null,
        bookingId,
        offer: null,
        allowances: { mealYen: 1000, transportYen: 2000, ticketsYen: 0, totalYen: 3000 },
      },
    },
  });

  it('the guide rejects only after choosing a reason and confirming', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ data: message('pending') }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
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
    expect(screen.getByTestId('tour-fees').textContent).toContain('¥3,000 (JPY, ≈ 150 RMB)');
    expect(screen.getByTestId('tour-request-card').textContent).toContain('ServiceStreet food tour');
  });

  it('shows the guide the extras in yen alone, in Japanese', async () => {
    await act(() => i18next.changeLanguage('ja'));
    wrap(<TourRequestCard message={message('pending')} isGuideView />);
    const fees = await screen.findByTestId('tour-fees');
    expect(fees.textContent).toContain('3,000円');
    expect(fees.textContent).not.toContain('元');
  });

  it("names the chosen service in the reader's language (Chinese)", async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    wrap(<TourRequestCard message={message('pending')} isGuideView />);
    expect((await screen.findByTestId('tour-request-card')).textContent).toContain('服务项目街头美食之旅');
  });
});
