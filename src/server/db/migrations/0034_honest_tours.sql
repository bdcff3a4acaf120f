-- 0034_honest_tours (decision 135): an offer and an itinerary declare their shop stops; a dispute names what went wrong.
ALTER TABLE "offers" ADD COLUMN "shop_stops" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "guide_itineraries" ADD COLUMN "shop_stops" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_category" CHECK (category in ('undeclared_shop_stop', 'pressure_to_buy', 'review_pressure', 'unsafe_driving', 'other'));
