/**
 * Conversation credits ("Conversation credits are keyed by conversation and user"). Our rule,
 * decision 050: a traveler may send FREE_MESSAGES messages in a new conversation until the guide
 * replies or a booking between them exists; from then on messaging is unlimited. Guides are never
 * limited. `null` means unlimited.
 */
export const FREE_MESSAGES = 3;

export type Credits = number | null;

export interface CreditFacts {
  /** Messages the traveler has sent in this conversation so far. */
  travelerMessages: number;
  /** The guide has written at least one message in this conversation. */
  guideReplied: boolean;
  /** A booking (any status but cancelled) exists between the two. */
  hasBooking: boolean;
}

/** What the traveler has left: a count, or null once the guide has replied or a booking exists. */
export function travelerCredits(facts: CreditFacts): Credits {
  if (facts.guideReplied || facts.hasBooking) return null;
  return Math.max(0, FREE_MESSAGES - facts.travelerMessages);
}

/** Credits of one side of a conversation: guides are unlimited. */
export function creditsFor(side: 'traveler' | 'guide', facts: CreditFacts): Credits {
  return side === 'guide' ? null : travelerCredits(facts);
}

/** A send is allowed while credits are unlimited or above zero. */
export function canSend(credits: Credits): boolean {
  return credits === null || credits > 0;
}
