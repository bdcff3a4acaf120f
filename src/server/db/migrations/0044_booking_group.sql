-- A booking takes the family's group and freezes its price lines and the guide's overtime rate (decision 152); adults are travelers less children and infants, so every existing row reads as adults.
ALTER TABLE "bookings" ADD COLUMN "children" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "infants" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "adults" smallint GENERATED ALWAYS AS (travelers - children - infants) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_lines" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "overtime_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_group" CHECK (children >= 0 and infants >= 0 and travelers - children - infants >= 1);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_overtime_rate" CHECK (overtime_rate_cents is null or overtime_rate_cents >= 0);