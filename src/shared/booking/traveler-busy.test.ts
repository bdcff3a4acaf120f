import { describe, expect, it } from 'vitest';
import { clashingBooking } from './traveler-busy';

const at = (h: number) => new Date(Date.UTC(2026, 11, 3, h));
const trip = (status: string, from: number, to: number) =>
  ({ status, startsAt: at(from).toISOString(), endsAt: at(to).toISOString() }) as Parameters<
    typeof clashingBooking
  >[0][number];

describe('clashingBooking', () => {
  it('finds an active booking overlapping the hours; touching ends, cancelled, completed and unpaid ones do not clash', () => {
    expect(clashingBooking([trip('upcoming', 1, 3)], at(2), at(4))).toMatchObject({ status: 'upcoming' });
    expect(clashingBooking([trip('confirmed', 1, 3)], at(0), at(2))).toMatchObject({ status: 'confirmed' });
    expect(clashingBooking([trip('upcoming', 1, 3)], at(3), at(5))).toBeUndefined();
    expect(
      clashingBooking([trip('cancelled', 1, 3), trip('completed', 1, 3), trip('pending', 1, 3)], at(2), at(4)),
    ).toBeUndefined();
  });
});
