import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../lib/i18n';
import { pickDate } from '../../test/pick-date';
import { DateField } from './date-select';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

function Field({
  initial = '',
  min,
  max,
  onChange,
}: {
  initial?: string;
  min?: string;
  max?: string;
  onChange?: (v: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Tour date"
        value={value}
        min={min}
        max={max}
        onChange={(v) => (setValue(v), onChange?.(v))}
        error={value ? null : 'Choose a date'}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('2027-02-14')}>
        set
      </button>
    </>
  );
}

const selects = () => screen.getAllByRole('combobox') as HTMLSelectElement[];
const optionTexts = (s: HTMLSelectElement) => [...s.options].map((o) => o.text);

describe('DateSelect: a date in the page’s language, not the browser’s', () => {
  it('reads 年 月 日 in Chinese, in that order, and gives yyyy-mm-dd', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const changed = vi.fn();
    render(<Field min="2026-11-20" max="2027-06-30" onChange={changed} />);
    const group = screen.getByRole('group', { name: 'Tour date' });
    expect(selects().map((s) => s.dataset.part)).toEqual(['year', 'month', 'day']);
    expect(
      selects().map((s) =>
        s
          .getAttribute('aria-labelledby')!
          .split(' ')
          .map((id) => document.getElementById(id)!.textContent)
          .join(' '),
      ),
    ).toEqual(['Tour date 年', 'Tour date 月', 'Tour date 日']);
    expect(optionTexts(selects()[0]!)).toEqual(['年', '2026年', '2027年']);
    expect(optionTexts(selects()[1]!).slice(0, 3)).toEqual(['月', '1月', '2月']);
    pickDate(group, '2026-11-28');
    expect(optionTexts(selects()[2]!).slice(-2)).toEqual(['29日', '30日']);
    expect(screen.getByTestId('value').textContent).toBe('2026-11-28');
    expect(changed).toHaveBeenLastCalledWith('2026-11-28');
  });

  it('reads Nov 28 2026 in English (month, day, year) and 年 月 日 in Japanese', async () => {
    render(<Field />);
    expect(selects().map((s) => s.dataset.part)).toEqual(['month', 'day', 'year']);
    expect(optionTexts(selects()[0]!).slice(0, 3)).toEqual(['Month', 'Jan', 'Feb']);
    cleanup();
    await act(() => i18next.changeLanguage('ja'));
    render(<Field />);
    expect(selects().map((s) => s.dataset.part)).toEqual(['year', 'month', 'day']);
    expect(optionTexts(selects()[2]!).slice(0, 2)).toEqual(['日', '1日']);
  });

  it('disables days outside min–max, drops a day the new month lacks, and follows a value set from outside', () => {
    render(<Field min="2026-11-20" max="2027-06-30" />);
    const group = screen.getByRole('group', { name: 'Tour date' });
    pickDate(group, '2026-11-25');
    const day = group.querySelector<HTMLSelectElement>('select[data-part=day]')!;
    expect([...day.options].filter((o) => o.disabled).map((o) => o.value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
    ]);
    pickDate(group, '2027-01-31');
    fireEvent.change(group.querySelector('select[data-part=month]')!, { target: { value: '2' } });
    expect(day.value).toBe('');
    expect(screen.getByTestId('value').textContent).toBe('');
    // Incomplete: the field says so on the selects (aria-invalid, the error described).
    expect(day.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'set' }));
    expect(selects().map((s) => s.value)).toEqual(['2', '14', '2027']);
    cleanup();
    // A date kept from before (an insurance that ran out) still shows its year.
    render(<Field initial="2019-04-30" />);
    expect(selects().map((s) => s.value)).toEqual(['4', '30', '2019']);
    expect(optionTexts(selects()[2]!)).toContain(String(new Date().getFullYear() + 5));
  });
});
