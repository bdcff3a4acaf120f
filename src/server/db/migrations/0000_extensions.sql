-- btree_gist backs the exclusion constraint that keeps a guide from being double-booked (DESIGN §4).
CREATE EXTENSION IF NOT EXISTS btree_gist;
