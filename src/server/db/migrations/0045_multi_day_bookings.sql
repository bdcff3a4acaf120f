-- Bookings and offers of several consecutive days with one guide (decision 154): the first day's date and start, one day's length, ends_at the last day's end.
ALTER TABLE "bookings" ADD COLUMN "days" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "days" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_days" CHECK (days between 1 and 7);