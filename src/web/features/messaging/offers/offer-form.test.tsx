import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInZone } from '../../../../shared/availability';
import { BOOKING_HORIZON_DAYS } from '../../../../shared/booking/schedule';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { pickDate } from '../../../test/pick-date';
import { OfferForm } from './offer-form';

/** The offer form keeps a booking's calendar (decision 106): its day is within the horizon, in both languages. */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posted: string[] = [];
const bodies: Record<string, unknown>[] = [];

beforeAll(() => i18nReady);
beforeEach(() => {
  posted.length = 0;
  bodies.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push(String(url));
        bodies.push(JSON.parse(String(init.body)));
      }
      if (String(url).includes('offer-quote'))
        return json({
          suggestedCents: 60_000,
          floorCents: 30_000,
          ceilingCents: 600_000,
          depositRate: 0.2,
          currency: 'CNY',
        });
      if (String(url).includes('credentials')) return json({ licence: null, insurance: null, mayDrive: false });
      return json({}, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <OfferForm conversationId={7} request={null} onDone={() => {}} />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe.each(['en', 'zh-CN'])('offer form in %s', (lang) => {
  beforeEach(() => i18next.changeLanguage(lang));

  it('offers days up to the booking horizon and names the horizon for a later one, without sending it', async () => {
    renderForm();
    const last = addDays(todayInZone('Asia/Tokyo'), BOOKING_HORIZON_DAYS);
    const form = await screen.findByTestId('offer-form');
    const date = within(form).getByRole('group', { name: i18next.t('messaging:tour.date') });
    // The last day of the horizon can be chosen; the day after it cannot.
    pickDate(date, last);
    expect(form.querySelector<HTMLInputElement>('input[name="date"]')!.value).toBe(last);
    const after = addDays(last, 1);
    pickDate(date, after);
    expect(
      date.querySelector<HTMLOptionElement>(`select[data-part="day"] option[value="${Number(after.slice(8))}"]`)!
        .disabled,
    ).toBe(true);
    expect(form.querySelector<HTMLInputElement>('input[name="date"]')!.value).toBe('');
    fireEvent.submit(form);
    await waitFor(() =>
      expect(form.querySelector('#of-date-error')?.textContent).toBe(i18next.t('messaging:offer.errors.required')),
    );
    expect(date.querySelector('select')!.getAttribute('aria-invalid')).toBe('true');
    expect(i18next.t('messaging:offer.errors.horizon', { days: BOOKING_HORIZON_DAYS })).toContain(
      String(BOOKING_HORIZON_DAYS),
    );
    expect(posted).toEqual([]);
  });
});

describe('shop stops in the offer form (decision 135)', () => {
  beforeEach(() => i18next.changeLanguage('en'));

  it('says there are none until one is added, refuses a nameless stop, and sends each stop with who pays', async () => {
    renderForm();
    const form = await screen.findByTestId('offer-form');
    const editor = within(screen.getByTestId('shop-stops-editor'));
    expect(editor.getByText('No shop stops: travelers will read that this tour has none.')).toBeTruthy();
    pickDate(form, addDays(todayInZone('Asia/Tokyo'), 10));
    fireEvent.change(screen.getByLabelText('Meeting address'), { target: { value: 'Asakusa Station exit 1' } });
    fireEvent.change(screen.getByLabelText('Meeting postal code'), { target: { value: '1110032' } });
    fireEvent.change(screen.getByLabelText('Itinerary'), { target: { value: 'Senso-ji, Nakamise, the river walk' } });

    fireEvent.click(editor.getByRole('button', { name: 'Add a shop stop' }));
    fireEvent.submit(form);
    expect(await editor.findByText('Give each shop a name and 5 to 240 minutes.')).toBeTruthy();
    expect(posted).toEqual([]);

    const stop = within(editor.getByRole('listitem', { name: 'Shop stop 1' }));
    fireEvent.change(stop.getByLabelText('Shop name'), { target: { value: 'Nakamise souvenir shop' } });
    fireEvent.change(stop.getByLabelText('Minutes'), { target: { value: '20' } });
    fireEvent.click(stop.getByLabelText('The shop pays me for bringing travelers'));
    fireEvent.submit(form);
    await waitFor(() => expect(posted).toEqual(['/api/v2/conversations/7/offers']));
    expect(bodies[0]!.shopStops).toEqual([{ name: 'Nakamise souvenir shop', minutes: 20, paidByShop: true }]);
  });
});
