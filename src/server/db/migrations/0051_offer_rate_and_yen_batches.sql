-- An offer keeps the rate it was priced at (decision 169): the traveler reads its fee at that rate and
-- the booking made from it is fixed at it. Offers made before have none; their bookings take the day's.
ALTER TABLE "offers" ADD COLUMN "jpy_per_cny" numeric(10, 6);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "fx_as_of" date;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "fx_source" text;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_rate" CHECK ((jpy_per_cny is null) = (fx_as_of is null) and (jpy_per_cny is null) = (fx_source is null) and (jpy_per_cny is null or jpy_per_cny > 0));--> statement-breakpoint
-- A bank batch of yen payouts alone is sent as it is, with a transfer day and no rate (decision 169):
-- a rate now implies a day, and a day no longer needs a rate. The rate a yen-only batch was given
-- before converted nothing, so it is dropped rather than kept as if a payout had used it.
ALTER TABLE "payout_batches" DROP CONSTRAINT "payout_batches_rate_and_day";--> statement-breakpoint
UPDATE "payout_batches" b SET "jpy_per_cny" = NULL
  WHERE b."jpy_per_cny" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "payout_batch_lines" l JOIN "withdrawals" w ON w."id" = l."withdrawal_id" WHERE l."batch_id" = b."id" AND w."currency" = 'CNY')
    AND EXISTS (SELECT 1 FROM "payout_batch_lines" l JOIN "withdrawals" w ON w."id" = l."withdrawal_id" WHERE l."batch_id" = b."id" AND w."currency" = 'JPY');--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_rate_and_day" CHECK (("payout_batches"."kind" = 'bank' or ("payout_batches"."jpy_per_cny" is null and "payout_batches"."transfer_date" is null)) and ("payout_batches"."jpy_per_cny" is null or "payout_batches"."transfer_date" is not null));
