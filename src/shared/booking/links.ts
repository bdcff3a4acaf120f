/**
 * Where a "view booking" link takes its reader (decision 103): the page of their side with the
 * booking's id, so the page opens the tab that holds it and brings its card into view. Notifications,
 * their e-mails and the pages after a payment all build their links here. The guide's links may keep
 * a section anchor (`#past-tours`).
 */
export function travelerBookingPath(bookingId: number): string {
  return `/dashboard?booking=${bookingId}`;
}

export function guideBookingPath(bookingId: number, anchor = ''): string {
  return `/guide-dashboard?booking=${bookingId}${anchor}`;
}

/**
 * Where a payment's wallet step returns the traveler by itself (decision 104), the same way for a
 * deposit and an extension: the payment's own /payment-success page (an extension's names its payment,
 * so the page shows the extension, not the deposit). The provider's return URL and the demo approval
 * page both build it here.
 */
export function paymentReturnPath(bookingId: number, extensionPaymentId?: number): string {
  return `/payment-success?booking=${bookingId}${extensionPaymentId ? `&payment=${extensionPaymentId}` : ''}`;
}

/** The link for whichever side of the booking the reader is on. */
export function bookingPathFor(side: 'traveler' | 'guide', bookingId: number): string {
  return side === 'guide' ? guideBookingPath(bookingId) : travelerBookingPath(bookingId);
}

/** The booking id a `/dashboard?booking=` link carries, or null when it is missing or not a positive integer. */
export function bookingIdParam(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
