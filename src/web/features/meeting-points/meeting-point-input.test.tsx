import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../lib/i18n';
import { MeetingPointInput, type PickedMeetingPoint } from './meeting-point-input';

/** The picker as a form uses it: the address field and the postal code field it fills. */
function Form({ onPick }: { onPick?: (p: PickedMeetingPoint) => void }) {
  const [address, setAddress] = useState('');
  const [postal, setPostal] = useState('');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="addr">Address</label>
      <MeetingPointInput
        id="addr"
        value={address}
        onChange={setAddress}
        onPick={(p) => {
          setAddress(p.meetingAddress);
          setPostal(p.meetingPostalCode);
          onPick?.(p);
        }}
      />
      <label htmlFor="postal">Postal code</label>
      <input id="postal" value={postal} onChange={(e) => setPostal(e.target.value)} />
    </form>
  );
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('MeetingPointInput', () => {
  it('typing 京都站 finds Kyoto Station; arrow keys and Enter fill the address and the postal code (Chinese)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const picked = vi.fn();
    render(<Form onPick={picked} />);
    const box = screen.getByRole('combobox', { name: 'Address' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(box, { target: { value: '京都站' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: '车站和景点' });
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    const options = screen.getAllByRole('option');
    expect(options[0]!.textContent).toContain('京都站');
    expect(options[0]!.textContent).toContain('京都駅');
    expect(options[0]!.textContent).toContain('〒600-8216');
    expect(screen.getByRole('status').textContent).toBe(`找到 ${options.length} 个地点`);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });

    expect((box as HTMLInputElement).value).toBe('京都站 · 京都府京都市下京区東塩小路町');
    expect((screen.getByLabelText('Postal code') as HTMLInputElement).value).toBe('600-8216');
    expect(picked).toHaveBeenCalledWith({
      meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
      meetingPostalCode: '600-8216',
      meetingLat: 34.9858,
      meetingLng: 135.7588,
    });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('names the place as written in Japan for a Japanese reader, once, and writes that name in the address', async () => {
    await act(() => i18next.changeLanguage('ja'));
    render(<Form />);
    const box = screen.getByRole('combobox', { name: 'Address' });
    fireEvent.change(box, { target: { value: '京都駅' } });
    const [first] = screen.getAllByRole('option');
    expect(first!.textContent?.match(/京都駅/g)).toHaveLength(1);
    expect(first!.textContent).not.toContain('Kyoto Station');
    fireEvent.mouseDown(first!);
    expect((box as HTMLInputElement).value).toBe('京都駅 · 京都府京都市下京区東塩小路町');
  });

  it('finds the place in Japanese kanji and in English too, and a tap chooses it', () => {
    render(<Form />);
    const box = screen.getByRole('combobox', { name: 'Address' });
    fireEvent.change(box, { target: { value: '京都駅' } });
    expect(screen.getAllByRole('option')[0]!.textContent).toContain('Kyoto Station');
    fireEvent.change(box, { target: { value: 'fushimi inari' } });
    const [first] = screen.getAllByRole('option');
    expect(first!.textContent).toContain('Fushimi Inari Taisha');
    fireEvent.mouseDown(first!);
    expect((box as HTMLInputElement).value).toBe('Fushimi Inari Taisha · 京都府京都市伏見区深草藪之内町68');
    expect((screen.getByLabelText('Postal code') as HTMLInputElement).value).toBe('612-0882');
  });

  it('wraps with the arrow keys, Escape closes the list and keeps the typed text, a free address stays', () => {
    const picked = vi.fn();
    render(<Form onPick={picked} />);
    const box = screen.getByRole('combobox', { name: 'Address' });
    fireEvent.change(box, { target: { value: 'station' } });
    const options = screen.getAllByRole('option');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[options.length - 1]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('station');

    fireEvent.change(box, { target: { value: 'Hotel Granvia lobby, 2F' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('No listed place matches: you can type any address.');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLInputElement).value).toBe('Hotel Granvia lobby, 2F');
    expect(picked).not.toHaveBeenCalled();
  });
});
