import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import LoadedToaster from '../components/ui/toaster';
import { ToasterHost } from '../components/ui/toaster-host';
import { showLoadFailureToast, showToast } from './toast';

afterEach(() => vi.restoreAllMocks());

test("a load failure does not replace the answer to the reader's action while it is on screen", async () => {
  render(<LoadedToaster visibleToasts={1} />);
  showToast({ title: 'Logged out on this device', variant: 'success' });
  expect(await screen.findByText('Logged out on this device')).toBeTruthy();
  showLoadFailureToast('Failed to fetch guides');
  // Both go through the same lazy sonner: a toast shown after the failure's turn proves it was skipped.
  showToast({ title: 'Second answer', variant: 'success' });
  expect(await screen.findByText('Second answer')).toBeTruthy();
  expect(screen.queryByText('Failed to fetch guides')).toBeNull();
});

test('once the answer has had its time, a load failure shows', async () => {
  render(<LoadedToaster visibleToasts={1} />);
  showToast({ title: 'Saved', variant: 'success' });
  expect(await screen.findByText('Saved')).toBeTruthy();
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + 4_001);
  showLoadFailureToast('Failed to fetch guides');
  expect(await screen.findByText('Failed to fetch guides')).toBeTruthy();
});

test('an action answers over a load failure', async () => {
  render(<LoadedToaster visibleToasts={1} />);
  showLoadFailureToast('Failed to fetch guides');
  expect(await screen.findByText('Failed to fetch guides')).toBeTruthy();
  showToast({ title: 'Saved', variant: 'success' });
  expect(await screen.findByText('Saved')).toBeTruthy();
});

test('toasts sit below the sticky header (64 px), inside the screen on a phone', async () => {
  render(<ToasterHost visibleToasts={1} />);
  showToast({ title: 'Placed', variant: 'success' });
  expect(await screen.findByText('Placed')).toBeTruthy();
  const list = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
  expect(list.dataset.yPosition).toBe('top');
  expect(list.dataset.xPosition).toBe('center');
  expect(list.style.getPropertyValue('--offset-top')).toBe('72px');
  expect(list.style.getPropertyValue('--mobile-offset-top')).toBe('72px');
  expect(list.style.getPropertyValue('--mobile-offset-left')).toBe('16px');
  expect(list.style.getPropertyValue('--mobile-offset-right')).toBe('16px');
});
