import { describe, expect, it } from 'vitest';
import { canSend, creditsFor, FREE_MESSAGES, travelerCredits } from './credits';

describe('conversation credits', () => {
  it('gives a traveler three messages in a new conversation', () => {
    expect(FREE_MESSAGES).toBe(3);
    expect(travelerCredits({ travelerMessages: 0, guideReplied: false, hasBooking: false })).toBe(3);
    expect(travelerCredits({ travelerMessages: 2, guideReplied: false, hasBooking: false })).toBe(1);
    expect(travelerCredits({ travelerMessages: 3, guideReplied: false, hasBooking: false })).toBe(0);
    expect(travelerCredits({ travelerMessages: 9, guideReplied: false, hasBooking: false })).toBe(0);
  });
  it('becomes unlimited once the guide replies or a booking exists', () => {
    expect(travelerCredits({ travelerMessages: 3, guideReplied: true, hasBooking: false })).toBeNull();
    expect(travelerCredits({ travelerMessages: 3, guideReplied: false, hasBooking: true })).toBeNull();
  });
  it('never limits guides', () => {
    expect(creditsFor('guide', { travelerMessages: 3, guideReplied: false, hasBooking: false })).toBeNull();
    expect(creditsFor('traveler', { travelerMessages: 3, guideReplied: false, hasBooking: false })).toBe(0);
  });
  it('allows a send while credits remain', () => {
    expect(canSend(null)).toBe(true);
    expect(canSend(1)).toBe(true);
    expect(canSend(0)).toBe(false);
  });
});
