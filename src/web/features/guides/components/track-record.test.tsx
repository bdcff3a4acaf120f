import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { TrackRecord } from './track-record';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('TrackRecord', () => {
  it('shows completed tours, the guide’s cancellations and the review photos, each named and enlarged on tap', async () => {
    const photos = [
      { id: 3, url: '/uploads/review-photos/cccccccccccccccccccccccc.webp', reviewId: 9, reviewerName: 'Li Wei' },
      { id: 2, url: '/uploads/review-photos/bbbbbbbbbbbbbbbbbbbbbbbb.webp', reviewId: 8, reviewerName: 'Sun Li' },
    ];
    render(
      <Suspense fallback="loading">
        <TrackRecord record={{ completedTours: 8, guideCancellations12Months: 1, photos }} />
      </Suspense>,
    );
    expect(await screen.findByText('8 tours completed')).toBeTruthy();
    expect(screen.getByText('1 cancellation by the guide in the last 12 months')).toBeTruthy();
    const gallery = screen.getByRole('region', { name: 'Travelers’ photos' });
    expect(
      within(gallery)
        .getAllByRole('img')
        .map((i) => i.getAttribute('alt')),
    ).toEqual(['Travelers’ photo 1, from Li Wei’s review', 'Travelers’ photo 2, from Sun Li’s review']);
    fireEvent.click(within(gallery).getByRole('button', { name: 'Enlarge: Travelers’ photo 2, from Sun Li’s review' }));
    expect(
      within(await screen.findByRole('dialog'))
        .getByRole('img')
        .getAttribute('src'),
    ).toBe(photos[1]!.url);
  });

  it('has no gallery without photos, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(
      <Suspense fallback="loading">
        <TrackRecord record={{ completedTours: 0, guideCancellations12Months: 0, photos: [] }} />
      </Suspense>,
    );
    expect(await screen.findByText('已完成 0 次行程')).toBeTruthy();
    expect(screen.getByText('近 12 个月地陪取消 0 次')).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
