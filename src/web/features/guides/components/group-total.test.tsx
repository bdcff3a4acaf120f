import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { GroupTotal } from './group-total';

/** A guide at 300 RMB an hour for up to 4 people, 100 RMB for each further one, tours from 2 hours. */
const guide = {
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 10_000,
  groupPricing: { includedPeople: 4, childPriceRate: 1, infantsFree: true, dayRateCents: null, dayHours: 8 },
  minPeople: 1,
  maxPeople: 6,
  minDuration: 2,
};

const show = (travelers: number, g = guide) =>
  render(
    <Suspense fallback="loading">
      <GroupTotal guide={g} travelers={travelers} />
    </Suspense>,
  );

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

/** The group's total on a search card when the reader searched for a group size (decision 151). */
describe('GroupTotal', () => {
  it("shows the group's total for the guide's shortest tour", async () => {
    show(4);
    expect((await screen.findByTestId('group-total')).textContent).toBe('4 people ≈ 600 RMB / 2 hours');
    cleanup();
    show(6);
    expect((await screen.findByTestId('group-total')).textContent).toBe('6 people ≈ 1,000 RMB / 2 hours');
  });

  it('reads in Chinese and Japanese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    show(5, { ...guide, groupPricing: { ...guide.groupPricing, includedPeople: 1 } });
    expect((await screen.findByTestId('group-total')).textContent).toBe('5 人 · 约 1,400 元 / 2 小时');
    cleanup();
    await act(() => i18next.changeLanguage('ja'));
    show(4);
    expect((await screen.findByTestId('group-total')).textContent).toBe('4名で約 600 元／2時間');
  });

  it('says nothing for a group the guide does not take', async () => {
    const { container } = show(7);
    await act(() => i18next.loadNamespaces('guides'));
    expect(container.textContent).toBe('');
  });
});
