import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GuideDetail } from '../../../../shared/schemas/guides';
import { i18next, i18nReady } from '../../../lib/i18n';
import { PriceIncludes } from './price-includes';

type Priced = Pick<GuideDetail, 'groupPricing' | 'extras' | 'additionalPricePerPersonCents' | 'currency'>;

const family: Priced = {
  additionalPricePerPersonCents: 10_000,
  currency: 'CNY',
  groupPricing: { includedPeople: 4, childPriceRate: 0.5, infantsFree: true, dayRateCents: 150_000, dayHours: 8 },
  extras: [
    { kind: 'overtime_hour', included: false, priceCents: 20_000 },
    { kind: 'entrance_tickets', included: false, note: 'Kinkaku-ji' },
    { kind: 'public_transport', included: true },
  ],
};

beforeAll(async () => {
  await i18nReady;
});
/** The guides namespace loads on first use: the component suspends until it has. */
/** Today's rate as the page has read it (20 yen a yuan), so no test asks the server. */
function withRate() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(['fx', 'rate'], { jpyPerCny: '20', asOf: '2026-11-27', source: 'admin' });
  return client;
}

const show = (guide: Priced) =>
  render(
    <QueryClientProvider client={withRate()}>
      <Suspense fallback="loading">
        <PriceIncludes guide={guide} />
      </Suspense>
    </QueryClientProvider>,
  );

afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

/** What a traveler reads on a guide's profile about the group price and the extras (decision 151). */
describe('PriceIncludes', () => {
  it('lists the private-group price, children, infants, the day rate and each extra', async () => {
    show(family);
    const text = (await screen.findByTestId('price-includes')).textContent!;
    expect(text).toContain('The hourly rate covers up to 4 people');
    expect(text).toContain('Children (3–11): 50% of the additional person rate.');
    expect(text).toContain('Infants under 3 go free.');
    expect(text).toContain('Full day (8 hours)');
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toContainEqual(expect.stringMatching(/^Overtime: .*200.* per hour$/));
    expect(items).toContain('Entrance tickets: not included, paid at cost in person (Kinkaku-ji)');
    expect(items).toContain('Public transport: included');
  });

  it('reads in Chinese and Japanese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const { unmount } = show(family);
    await screen.findByTestId('price-includes');
    let items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toContain('门票：不包含，按实际金额当面支付（Kinkaku-ji）');
    expect(items).toContain('公共交通：已包含');
    expect(items).toContain('3 岁以下婴儿免费。');
    unmount();
    await act(() => i18next.changeLanguage('ja'));
    show(family);
    await screen.findByTestId('price-includes');
    items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toContain('公共交通機関：含まれます');
    // In yen for a Japanese reader (decision 168), the guide's yuan beside: 100 元 at 20 yen a yuan.
    expect(items).toContain(
      '1時間の料金は4名までです。それを超える方は1名ごとに1時間あたり約 2,000円・100 元が加わります。',
    );
  });

  it('says per person as today when the guide set nothing, and lists no extras', async () => {
    show({
      additionalPricePerPersonCents: 3_000,
      currency: 'CNY',
      groupPricing: { includedPeople: 1, childPriceRate: 1, infantsFree: true, dayRateCents: null, dayHours: 8 },
      extras: [],
    });
    const text = (await screen.findByTestId('price-includes')).textContent!;
    expect(text).toContain('The hourly rate is for 1 person; each further person adds');
    expect(text).not.toContain('Children');
    expect(text).not.toContain('Full day');
    expect(screen.queryByText('Included or not')).toBeNull();
  });
});
