-- 0018_guide_responsiveness: a guide's response rate and typical response time
-- (decision 077; hand-written, see schema/messaging.ts). A tour request remembers when the guide
-- answered it, and a page of guides' recent conversations is found by guide.
ALTER TABLE "messages" ADD COLUMN "answered_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "conversations_guide_recent_idx" ON "conversations" USING btree ("guide_id","last_message_at");
