import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApplicationData, GuideApplication } from '../../../shared/schemas/guide-applications';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { ApplicationWizard } from './components/application-wizard';
import { emptyForm, priceOf, toData, toForm } from './form';
import { fieldErrors } from './form-problems';

/** The application's prices in the currency the applicant chooses, yen unless she picks yuan (decision 164). */
const wrap = (children: ReactNode, path: string) => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback="loading">{children}</Suspense>
    </MemoryRouter>
  </QueryClientProvider>
);
const app = (data: ApplicationData): GuideApplication => ({
  id: 7,
  status: 'draft',
  data,
  documents: [],
  maxDocuments: 5,
  editable: true,
  reviewNote: null,
  submittedAt: null,
  reviewedAt: null,
  updatedAt: null,
  guideId: null,
  titleProblems: [],
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
function server() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/draft') && init?.method === 'PUT') return json(app(JSON.parse(String(init.body)).data));
    if (url.endsWith('/api/v2/service-categories'))
      return json({
        data: [
          {
            id: 1,
            nameEn: 'Tours',
            nameCn: '游览',
            nameJa: '観光',
            subcategories: [{ id: 1, nameEn: 'City walk', nameCn: '城市漫步', nameJa: '街歩き' }],
          },
        ],
      });
    return json({ code: 'not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const savedDrafts = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u).endsWith('/draft') && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init!.body)).data as ApplicationData);

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['guideApplication', 'guides']);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the application prices in yen unless the applicant chooses yuan', () => {
  it('starts a new application in yen; a draft saved before there was a choice stays in yuan', () => {
    expect(emptyForm().currency).toBe('JPY');
    expect(toForm({}).currency).toBe('JPY');
    expect(toForm({ name: 'Aoi' }).currency).toBe('JPY');
    expect(toForm({ basicPricePerHourCents: 30_000 })).toMatchObject({ currency: 'CNY', basicPrice: '300' });
    expect(
      toForm({ currency: 'JPY', basicPricePerHourCents: 4_000, additionalPricePerPersonCents: 1_000 }),
    ).toMatchObject({ currency: 'JPY', basicPrice: '4000', additionalPrice: '1000' });
  });

  it('reads prices per currency: whole yen, yuan to the fen', () => {
    expect(priceOf('4000', 'JPY')).toBe(4_000);
    expect(priceOf('4000.5', 'JPY')).toBeNull();
    expect(priceOf('299.5', 'CNY')).toBe(29_950);
    expect(priceOf('10000001', 'JPY')).toBeNull();
    const yen = { ...emptyForm(), basicPrice: '4000', additionalPrice: '1000' };
    expect(toData(yen)).toMatchObject({
      currency: 'JPY',
      basicPricePerHourCents: 4_000,
      additionalPricePerPersonCents: 1_000,
    });
    const yuan = { ...emptyForm(), currency: 'CNY' as const, basicPrice: '299.5' };
    expect(toData(yuan)).toMatchObject({ currency: 'CNY', basicPricePerHourCents: 29_950 });
  });

  it('holds the floor of the chosen currency, and keeps a price under it out of the saved draft', () => {
    const low = { ...emptyForm(), basicPrice: '999' };
    expect(fieldErrors(low).basicPrice).toBe('errors.priceFloor');
    expect(toData(low).basicPricePerHourCents).toBeUndefined();
    expect(fieldErrors({ ...low, basicPrice: '1000' }).basicPrice).toBeUndefined();
    expect(fieldErrors({ ...low, currency: 'CNY', basicPrice: '49.99' }).basicPrice).toBe('errors.priceFloor');
    expect(fieldErrors({ ...low, currency: 'CNY', basicPrice: '50' }).basicPrice).toBeUndefined();
    expect(fieldErrors({ ...low, basicPrice: '1500.5' }).basicPrice).toBe('errors.price.JPY');
  });

  it('says so on the price step, in Japanese, with the yen floor and hint', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const fetchMock = server();
    render(wrap(<ApplicationWizard application={app({})} fallbackName="Aoi" />, '/become-guide?step=4'));
    expect(((await screen.findByLabelText('料金の通貨')) as HTMLSelectElement).value).toBe('JPY');
    expect(screen.getByText(/料金は日本円で設定します/)).toBeTruthy();
    const basic = screen.getByLabelText('旅行者1名の1時間あたりの料金');
    expect(document.getElementById(basic.getAttribute('aria-describedby')!)!.textContent).toBe(
      '単位：円。1人目の旅行者の1時間あたりの料金です（例：4000）。',
    );
    fireEvent.change(basic, { target: { value: '800' } });
    fireEvent.blur(basic);
    expect(await screen.findByText('1時間あたりの料金は1,000円以上にしてください。')).toBeTruthy();
    fireEvent.change(basic, { target: { value: '4000' } });
    await waitFor(
      () => expect(savedDrafts(fetchMock).at(-1)).toMatchObject({ currency: 'JPY', basicPricePerHourCents: 4_000 }),
      { timeout: 4000 },
    );
  });

  it('previews the amounts with their unit', async () => {
    server();
    const data: ApplicationData = {
      currency: 'JPY',
      basicPricePerHourCents: 4_000,
      additionalPricePerPersonCents: 1_000,
    };
    render(wrap(<ApplicationWizard application={app(data)} fallbackName="Aoi" />, '/become-guide?step=5'));
    expect(await screen.findByText('¥4,000 (JPY)')).toBeTruthy();
    expect(screen.getByText('¥1,000 (JPY)')).toBeTruthy();
    cleanup();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(
      wrap(
        <ApplicationWizard
          application={app({ ...data, currency: 'CNY', basicPricePerHourCents: 29_950 })}
          fallbackName="Aoi"
        />,
        '/become-guide?step=5',
      ),
    );
    expect(await screen.findByText('299.50 元')).toBeTruthy();
  });
});
