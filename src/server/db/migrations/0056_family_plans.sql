-- What a family settles up front (decision 178): a plan for each day, the extras chosen (paid at cost in person), the children's ages and needs.
ALTER TABLE "bookings" ADD COLUMN "day_plans" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "chosen_extras" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "child_ages" smallint[];--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "needs_stroller" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "needs_child_seat" boolean DEFAULT false NOT NULL;
