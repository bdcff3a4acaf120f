// Guide texts in several languages (issue 13): filled in with migration 0014.
export {};
