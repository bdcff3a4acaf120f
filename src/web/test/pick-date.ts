import { fireEvent } from '@testing-library/react';

/** Picks yyyy-mm-dd in a DateSelect (components/ui/date-select.tsx): its year, month and day selects. */
export function pickDate(within: HTMLElement, iso: string) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const select = (part: string) => within.querySelector<HTMLSelectElement>(`select[data-part="${part}"]`)!;
  fireEvent.change(select('year'), { target: { value: String(y) } });
  fireEvent.change(select('month'), { target: { value: String(m) } });
  fireEvent.change(select('day'), { target: { value: String(d) } });
}
