-- A guide's group pricing (decision 151): how many people the hourly price covers, the child rate, infants, a day rate and the extras the tour includes or not.
ALTER TABLE "guides" ADD COLUMN "included_people" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "child_price_percent" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "infants_free" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "day_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "day_hours" smallint DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "extras" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_group_pricing_range" CHECK (included_people between 1 and 20 and child_price_percent between 0 and 100 and day_hours between 6 and 10);