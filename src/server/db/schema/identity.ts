// Identity verification (issue 13): filled in with migration 0013.
export {};
