import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { GroupTotal } from './group-total';

const show = (quote: Parameters<typeof GroupTotal>[0]['quote']) =>
  render(
    <Suspense fallback="loading">
      <GroupTotal quote={quote} />
    </Suspense>,
  );

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

/** The group's total on a search card, as the server priced it for the searched group (decision 151). */
describe('GroupTotal', () => {
  it("shows the server's total for the whole group, infants counted", async () => {
    show({ adults: 2, children: 1, infants: 1, hours: 2, totalCents: 192_000 });
    expect((await screen.findByTestId('group-total')).textContent).toBe('4 people ≈ 1,920 RMB / 2 hours');
    cleanup();
    show({ adults: 1, children: 0, infants: 0, hours: 3, totalCents: 90_000 });
    expect((await screen.findByTestId('group-total')).textContent).toBe('1 person ≈ 900 RMB / 3 hours');
  });

  it('reads in Chinese and Japanese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    show({ adults: 2, children: 1, infants: 1, hours: 2, totalCents: 192_000 });
    expect((await screen.findByTestId('group-total')).textContent).toBe('4 人 · 约 1,920 元 / 2 小时');
    cleanup();
    await act(() => i18next.changeLanguage('ja'));
    show({ adults: 4, children: 0, infants: 0, hours: 2, totalCents: 60_000 });
    expect((await screen.findByTestId('group-total')).textContent).toBe('4名で約 600 元／2時間');
  });

  it('says nothing when the search named no group', async () => {
    const { container } = show(undefined);
    await act(() => i18next.loadNamespaces('guides'));
    expect(container.textContent).toBe('');
  });
});
