import { describe, expect, it } from 'vitest';
import { offerBookingPrice, offerCeilingCents, offerExpiresAt, offerFloorCents, offerStatus } from './offer-rules';

describe('offer rules', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('expires after 48 h by default, never after the start', () => {
    expect(offerExpiresAt(now, new Date('2026-12-01T01:00:00Z')).toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(offerExpiresAt(now, new Date('2026-11-23T01:00:00Z')).toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(offerExpiresAt(now, new Date('2026-12-01T01:00:00Z'), 2).toISOString()).toBe('2026-11-22T12:00:00.000Z');
  });
  it('floors the fee at half the rate-based price and caps it at ten times', () => {
    expect(offerFloorCents(66_000)).toBe(33_000);
    expect(offerFloorCents(333)).toBe(167);
    expect(offerCeilingCents(66_000)).toBe(660_000);
  });
  it('reads booked first, then the stored status, then the clock', () => {
    const later = new Date(now.getTime() + 1000);
    expect(offerStatus({ stored: 'open', booked: false, expiresAt: later }, now)).toBe('open');
    expect(offerStatus({ stored: 'open', booked: false, expiresAt: now }, now)).toBe('expired');
    expect(offerStatus({ stored: 'withdrawn', booked: false, expiresAt: later }, now)).toBe('withdrawn');
    expect(offerStatus({ stored: 'declined', booked: false, expiresAt: now }, now)).toBe('declined');
    expect(offerStatus({ stored: 'open', booked: true, expiresAt: now }, now)).toBe('booked');
  });
});

describe('a booking from an offer', () => {
  it('costs the offer’s fee, with the usual deposit and commission', () => {
    const p = offerBookingPrice({ priceCents: 50_001, hours: 3, depositRate: 0.2, commissionRate: 0.1 });
    expect(p).toEqual({
      unitPriceCents: 16_667,
      additionalPerPersonCents: 0,
      totalCents: 50_001,
      depositCents: 10_000,
      balanceCents: 40_001,
      commissionCents: 5_000,
      lines: [{ kind: 'base', people: 1, amountCents: 50_001 }],
    });
  });
});
