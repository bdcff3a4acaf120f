/**
 * Instant booking (decision 153): a guide who switched it on has a paid booking on their open hours
 * confirmed at once; a guide who cancels a confirmed booking loses it for this many days.
 */
export const INSTANT_BOOK_PAUSE_DAYS = 30;
const DAY_MS = 86_400_000;

/** Whether the guide takes instant bookings at `now`: switched on and not paused. */
export function instantBookOn(
  g: { instantBook: boolean; instantBookPausedUntil: Date | string | null },
  now: Date,
): boolean {
  return (
    g.instantBook &&
    !(g.instantBookPausedUntil !== null && new Date(g.instantBookPausedUntil).getTime() > now.getTime())
  );
}

/** Until when a guide who cancels a confirmed booking at `now` takes no instant bookings. */
export function instantBookPausedUntil(now: Date): Date {
  return new Date(now.getTime() + INSTANT_BOOK_PAUSE_DAYS * DAY_MS);
}
