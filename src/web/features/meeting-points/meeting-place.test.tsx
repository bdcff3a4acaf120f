import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, i18nReady } from '../../lib/i18n';
import { MeetingPlace } from './meeting-place';

const kyoto = {
  meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
  meetingPostalCode: '600-8216',
  meetingLat: 34.9858,
  meetingLng: 135.7588,
};

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

const links = () => screen.getAllByRole('link');

describe('MeetingPlace (decision 103)', () => {
  it('offers a Chinese reader 高德地图 first with the coordinates, then Apple and Google, each in a new tab', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(<MeetingPlace place={kyoto} />);
    expect(links().map((a) => a.textContent)).toEqual(['高德地图', 'Apple 地图', 'Google 地图']);
    const amap = screen.getByRole('link', {
      name: '在高德地图中查看京都站 · 京都府京都市下京区東塩小路町（在新标签页打开）',
    });
    expect(new URL(amap.getAttribute('href')!).searchParams.get('position')).toBe('135.7588,34.9858');
    expect(
      links().every((a) => a.getAttribute('target') === '_blank' && a.getAttribute('rel')?.includes('noopener')),
    ).toBe(true);
  });

  it('offers an English reader Google Maps first; a typed address is searched; no address shows the fallback', () => {
    const { rerender } = render(<MeetingPlace place={kyoto} />);
    expect(links().map((a) => a.textContent)).toEqual(['Google Maps', 'Apple Maps', 'Amap']);
    expect(links()[0]!.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=34.9858,135.7588');
    rerender(
      <MeetingPlace
        place={{ meetingAddress: '京都站中央口', meetingPostalCode: '600-8216', meetingLat: null, meetingLng: null }}
      />,
    );
    expect(links()[0]!.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('〒600-8216 京都站中央口')}`,
    );
    rerender(<MeetingPlace place={{ meetingAddress: null }} fallback="Not given yet" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Not given yet')).toBeTruthy();
  });

  it('给司机看 opens the Japanese name and address full screen; Escape closes it and focus returns to the button', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(<MeetingPlace place={kyoto} driver />);
    const open = screen.getByRole('button', { name: '给司机看' });
    open.focus();
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: '给司机看' });
    expect(screen.getByTestId('driver-name').textContent).toBe('京都駅');
    expect(screen.getByTestId('driver-address').textContent).toBe('〒600-8216京都府京都市下京区東塩小路町');
    expect(dialog.querySelector('[lang="ja"]')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('the driver card has a close button and shows a typed address as written', () => {
    render(<MeetingPlace place={{ meetingAddress: 'Hotel Granvia lobby', meetingPostalCode: '600-8216' }} driver />);
    fireEvent.click(screen.getByRole('button', { name: 'Show the driver' }));
    expect(screen.queryByTestId('driver-name')).toBeNull();
    expect(screen.getByTestId('driver-address').textContent).toBe('〒600-8216Hotel Granvia lobby');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
