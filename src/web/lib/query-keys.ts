/** Query keys more than one feature reads or updates. */
export const ME_QUERY_KEY = ['me'] as const;
