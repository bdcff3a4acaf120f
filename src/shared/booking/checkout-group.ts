/** A checkout's group (decision 152): adults, children (3–11) and infants (under 3). */
export interface CheckoutGroup {
  adults: number;
  children: number;
  infants: number;
}

/**
 * The group a checkout's body books (decision 152), or why it names none: `adults` (with `children`
 * and `infants`, default 0); the body before them sent `travelers`, which stands for the adults when
 * `adults` is absent. Sent with `adults`, `travelers` must be everyone, as the booking reports it.
 */
export function checkoutGroup(b: {
  adults?: number;
  children?: number;
  infants?: number;
  travelers?: number;
}): CheckoutGroup | string {
  const children = b.children ?? 0;
  const infants = b.infants ?? 0;
  if (b.adults === undefined)
    return b.travelers === undefined ? 'Give the number of adults' : { adults: b.travelers, children, infants };
  if (b.travelers !== undefined && b.travelers !== b.adults + children + infants)
    return 'travelers must be adults + children + infants when both are sent';
  return { adults: b.adults, children, infants };
}
