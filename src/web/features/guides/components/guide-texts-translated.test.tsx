import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GuideDetail } from '../../../../shared/schemas/guides';
import { i18next, i18nReady } from '../../../lib/i18n';
import { GuideScores } from './guide-scores';
import { ItineraryCard } from './itinerary-card';

/**
 * A Japanese-only guide read in Chinese with DeepL on (decision 145): the profile's descriptions and itinerary cards.
 */
const deepl = (text: string) => ({ text, provider: 'DeepL' as const, targetLang: 'zh' as const });
const guide = {
  ethicsScore: 8,
  ethicsDescription: '料金も時間も正直にお伝えします。',
  ethicsDescriptionLanguage: 'ja',
  ethicsDescriptionTranslated: deepl('价格和时间都会如实告诉您。'),
  boundaryScore: 6,
  boundaryDescription: 'プライバシーを大切にします。',
  boundaryDescriptionLanguage: 'ja',
  boundaryDescriptionTranslated: null,
  boundaryDescriptionTranslation: { status: 'pending' },
  supportiveScore: null,
  supportiveDescription: null,
  supportiveDescriptionLanguage: 'ja',
} as unknown as GuideDetail;
const itinerary: GuideDetail['itineraries'][number] = {
  id: 7,
  guideId: 3,
  title: '朝の伏見稲荷と錦市場',
  summary: '人の少ない朝に千本鳥居を歩きます。',
  durationHours: 4,
  language: 'ja',
  titleTranslated: deepl('清晨的伏见稻荷与锦市场'),
  summaryTranslated: deepl('趁人少的清晨走千本鸟居。'),
};

beforeAll(async () => {
  await i18nReady;
  await act(() => i18next.changeLanguage('zh-CN'));
  // The tests render at once: the words are there before the first render, whichever file ran before.
  await i18next.loadNamespaces(['common', 'guides']);
});
// Web test files share one i18next in a worker: the next file starts in English again.
afterAll(() => act(() => i18next.changeLanguage('en')));
afterEach(cleanup);

describe("a Japanese guide's profile texts for a Chinese reader", () => {
  it('shows each "how I guide" description translated, named "机器翻译 · DeepL", the original one tap away', () => {
    render(<GuideScores guide={guide} />);
    const ethics = within(screen.getByTestId('score-ethics'));
    expect(ethics.getByTestId('translated-text').textContent).toBe('价格和时间都会如实告诉您。');
    expect(ethics.getByTestId('machine-translated').textContent).toContain('机器翻译 · DeepL');
    fireEvent.click(ethics.getByRole('button', { name: '显示原文' }));
    expect(ethics.getByTestId('original-text').textContent).toBe('料金も時間も正直にお伝えします。');
    expect(ethics.getByTestId('original-text').getAttribute('lang')).toBe('ja');
    // Not translated yet: the original, named as before.
    const boundary = within(screen.getByTestId('score-boundary'));
    expect(boundary.getByText('プライバシーを大切にします。').getAttribute('lang')).toBe('ja');
    expect(boundary.getByTestId('written-in').textContent).toContain('原文为日语');
    expect(boundary.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('score-supportive')).toBeNull();
  });

  it('shows an itinerary card translated and named, in a link to the itinerary page', () => {
    render(
      <MemoryRouter>
        <ItineraryCard itinerary={itinerary} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/itinerary/7');
    expect(within(link).getByText('清晨的伏见稻荷与锦市场').getAttribute('lang')).toBe('zh-CN');
    expect(within(link).getByText('趁人少的清晨走千本鸟居。')).toBeTruthy();
    expect(within(link).getByTestId('machine-translated').textContent).toContain('机器翻译 · DeepL');
    expect(link.textContent).not.toContain('朝の伏見稲荷');
  });

  it('without a translation, shows the card as written, its language named', () => {
    render(
      <MemoryRouter>
        <ItineraryCard itinerary={{ ...itinerary, titleTranslated: undefined, summaryTranslated: undefined }} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    expect(within(link).getByText('朝の伏見稲荷と錦市場').getAttribute('lang')).toBe('ja');
    expect(link.textContent).toContain('原文为日语');
    expect(within(link).queryByTestId('machine-translated')).toBeNull();
  });
});
