-- btree_gist backs the exclusion constraint that keeps a guide from being double-booked (docs/rules/booking-lifecycle.md).
CREATE EXTENSION IF NOT EXISTS btree_gist;
