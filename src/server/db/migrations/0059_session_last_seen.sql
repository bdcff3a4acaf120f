-- When a session was last used (decision 185): the sessions page names it beside each device.
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;
