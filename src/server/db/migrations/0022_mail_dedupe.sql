ALTER TABLE "email_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_key" ON "email_outbox" USING btree ("dedupe_key");--> statement-breakpoint
-- Mail written before the outbox jobs (decision 085) and still waiting gets its send job.
INSERT INTO "jobs" ("kind", "payload", "run_at", "dedupe_key") SELECT 'mail.send', jsonb_build_object('mailId', "id"), now(), 'mail.send:' || "id" FROM "email_outbox" WHERE "status" = 'pending' ON CONFLICT DO NOTHING;
