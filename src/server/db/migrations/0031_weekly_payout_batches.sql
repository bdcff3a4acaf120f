-- 0031_weekly_payout_batches: hand-written (decision 130). Keep statements separated by breakpoints.
-- The weekly job forms batches without an admin, and a bank batch waits for the admin's rate.
ALTER TABLE "payout_batches" ALTER COLUMN "created_by" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "formed_for_week" date;
--> statement-breakpoint
ALTER TABLE "payout_batches" DROP CONSTRAINT "payout_batches_bank_has_rate";
--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_rate_and_day" CHECK (("kind" = 'bank' OR "jpy_per_cny" IS NULL) AND ("jpy_per_cny" IS NULL) = ("transfer_date" IS NULL));
--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_made_by" CHECK ("created_by" IS NOT NULL OR "formed_for_week" IS NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_week_key" ON "payout_batches" USING btree ("kind","formed_for_week");
