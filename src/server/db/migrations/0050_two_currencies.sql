-- Two currencies (decision 164). Until now every amount was yuan fen whatever the label said: a guide
-- who chose JPY had typed yuan and was shown and paid in yuan. Those labels are put right first,
-- the amounts unchanged, so no stored amount is ever read as yen that was not entered as yen.
UPDATE "guides" SET "currency" = 'CNY' WHERE "currency" <> 'CNY';--> statement-breakpoint
UPDATE "bookings" SET "currency" = 'CNY' WHERE "currency" <> 'CNY';--> statement-breakpoint
UPDATE "offers" SET "currency" = 'CNY' WHERE "currency" <> 'CNY';--> statement-breakpoint
UPDATE "payments" SET "currency" = 'CNY' WHERE "currency" <> 'CNY';--> statement-breakpoint
UPDATE "receipts" SET "currency" = 'CNY' WHERE "currency" <> 'CNY';--> statement-breakpoint
-- An application's draft that chose JPY held its prices as yuan fen too (the form read them as yuan).
UPDATE "guide_applications" SET "data" = jsonb_set("data", '{currency}', '"CNY"') WHERE "data"->>'currency' = 'JPY';--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charge_currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charge_deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "jpy_per_cny" numeric(10, 6);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fx_as_of" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fx_source" text;--> statement-breakpoint
-- Every entry names its currency; those written before were their booking's, which is yuan.
ALTER TABLE "ledger_entries" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "travel_credits" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_currency" CHECK (currency in ('CNY', 'JPY'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_currencies" CHECK (currency in ('CNY', 'JPY') and charge_currency in ('CNY', 'JPY') and (charge_deposit_cents is null or charge_deposit_cents >= 0));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rate" CHECK (currency = charge_currency or (jpy_per_cny is not null and charge_deposit_cents is not null));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_currency" CHECK (currency in ('CNY', 'JPY'));
--> statement-breakpoint
ALTER TABLE "payout_ledger_entries" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "in_person_currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
-- At commit, a booking's entries sum to zero in each currency on its own (decision 164): a conversion
-- is a pair through the exchange account, so no sum ever mixes yen with fen.
CREATE OR REPLACE FUNCTION "ledger_entries_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_entries WHERE booking_id = NEW.booking_id GROUP BY currency HAVING sum(amount_cents) <> 0) THEN
    RAISE EXCEPTION 'ledger entries of booking % do not sum to zero in each currency', NEW.booking_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "own_amount_cents" integer;--> statement-breakpoint
-- The exchange rates (decision 165).
CREATE TABLE "fx_feed_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fx_feed_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"failed_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"feed_as_of" date
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fx_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"jpy_per_cny" numeric(10, 6) NOT NULL,
	"as_of" date NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fx_feed_failures_failed_at_idx" ON "fx_feed_failures" USING btree ("failed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fx_rates_source_as_of" ON "fx_rates" USING btree ("source","as_of");