-- 0012_guide_business: a guide's secret calendar feed (hand-written; see schema/guide-business.ts).
CREATE TABLE "guide_calendar_feeds" (
  "guide_id" integer PRIMARY KEY NOT NULL REFERENCES "guides"("id") ON DELETE cascade,
  "nonce" text NOT NULL,
  "token_hash" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "guide_calendar_feeds_token_hash_idx" ON "guide_calendar_feeds" USING btree ("token_hash");
