/** Query keys of the reviews feature. */
export const reviewKeys = {
  all: ['reviews'] as const,
  eligibility: (bookingId: number) => ['reviews', 'eligibility', bookingId] as const,
};
