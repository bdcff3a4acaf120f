-- 0033_urgent_support: hand-written (decision 132). Keep statements separated by breakpoints.
ALTER TABLE "support_threads" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "booking_id" integer REFERENCES "bookings"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "location_lat" double precision;
--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "location_lng" double precision;
--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "location_accuracy_m" integer;
--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "awaiting_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "first_reply_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "overdue_alerted_at" timestamp with time zone;
--> statement-breakpoint
-- Threads from before this change: a thread whose last word is the visitor's is waiting since then.
UPDATE "support_threads" t SET "awaiting_since" = t."last_message_at"
WHERE t."status" = 'open' AND (
  SELECT m."sender" FROM "support_messages" m WHERE m."thread_id" = t."id" ORDER BY m."created_at" DESC, m."id" DESC LIMIT 1
) = 'visitor';
--> statement-breakpoint
UPDATE "support_threads" t SET "first_reply_at" = (
  SELECT min(m."created_at") FROM "support_messages" m WHERE m."thread_id" = t."id" AND m."sender" = 'agent'
);
--> statement-breakpoint
CREATE INDEX "support_threads_created_idx" ON "support_threads" USING btree ("created_at");
