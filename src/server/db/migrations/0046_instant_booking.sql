-- Instant booking, a minimum notice and a buffer between tours (decision 153): a guide's three settings, the 30-day pause after cancelling a confirmed booking, and whether a booking was made as an instant one.
ALTER TABLE "guides" ADD COLUMN "instant_book" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "instant_book_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "min_notice_hours" smallint DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "buffer_minutes" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "instant_book" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_notice_buffer_range" CHECK (min_notice_hours between 0 and 168 and buffer_minutes between 0 and 240 and buffer_minutes % 15 = 0);