/**
 * Direct message to several guides: a date from the search filters, a start and an end
 * time inside each guide's availability. The four availability error kinds.
 */
export type AvailabilityError = 'missing-date' | 'fetch-error' | 'no-availability' | 'missing-guides';

/** What is known about one guide's day: bookable starts for the requested length, or a failed fetch. */
export type GuideDay = { status: 'loading' } | { status: 'error' } | { status: 'ready'; starts: string[] };

/** Start times offered, 06:00–22:00 every 30 minutes (Japan time). */
export const TIME_OPTIONS = Array.from({ length: 33 }, (_, i) => {
  const minutes = 6 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Hours between two HH:MM times; 0 or less when the end is not after the start. */
export const hoursBetween = (start: string, end: string) => (toMinutes(end) - toMinutes(start)) / 60;

/** The error for the whole request (first one wins), before any guide is asked. */
export function requestError(guideCount: number, date: string | undefined): AvailabilityError | null {
  if (guideCount === 0) return 'missing-guides';
  if (!date) return 'missing-date';
  return null;
}

/** One guide's error: the slots could not be fetched, or the chosen start is not bookable for that length. */
export function guideError(
  day: GuideDay,
  start: string,
): Extract<AvailabilityError, 'fetch-error' | 'no-availability'> | null {
  if (day.status === 'error') return 'fetch-error';
  if (day.status === 'ready' && !day.starts.includes(start)) return 'no-availability';
  return null;
}

/** Where a request value sits against a guide's range (shown, not blocking: the guide may agree anyway). */
export function inRange(value: number, min: number, max: number): boolean {
  return value >= min && value <= max;
}
