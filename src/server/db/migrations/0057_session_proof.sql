-- When a session last proved its owner (decision 183): a new way in needs a proof within 10 minutes.
ALTER TABLE "sessions" ADD COLUMN "proven_at" timestamp with time zone;
