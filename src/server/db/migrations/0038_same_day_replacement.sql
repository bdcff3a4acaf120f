-- 0038_same_day_replacement (decision 140): after a guide's no-show, a replacement later the same day, at its own time.
ALTER TABLE "booking_replacements" ADD COLUMN "same_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_replacements" ADD COLUMN "booked_start_minute" smallint;--> statement-breakpoint
ALTER TABLE "booking_replacements" ADD COLUMN "booked_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_replacements" ADD COLUMN "booked_ends_at" timestamp with time zone;
