-- Offers (decision 078). Trimmed by hand to this change: the meta snapshots stopped at 0005
-- (0006–0017 are hand-written), so drizzle-kit also re-emitted everything since.
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"message_id" integer,
	"request_message_id" integer,
	"guide_id" integer NOT NULL,
	"guide_user_id" integer NOT NULL,
	"traveler_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"date" date NOT NULL,
	"start_minute" smallint NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"travelers" smallint NOT NULL,
	"subcategory_id" integer,
	"price_cents" integer NOT NULL,
	"suggested_cents" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"meeting_address" text NOT NULL,
	"meeting_postal_code" text NOT NULL,
	"itinerary" text NOT NULL,
	"meal_yen" integer DEFAULT 0 NOT NULL,
	"transport_yen" integer DEFAULT 0 NOT NULL,
	"tickets_yen" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decline_reason" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_money" CHECK (price_cents > 0 and suggested_cents >= 0 and meal_yen >= 0 and transport_yen >= 0 and tickets_yen >= 0),
	CONSTRAINT "offers_time_range" CHECK (ends_at > starts_at),
	CONSTRAINT "offers_travelers" CHECK (travelers >= 1)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "offer_id" integer;
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_request_message_id_messages_id_fk" FOREIGN KEY ("request_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_guide_user_id_users_id_fk" FOREIGN KEY ("guide_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_traveler_id_users_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_subcategory_id_service_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."service_subcategories"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "offers_conversation_idx" ON "offers" USING btree ("conversation_id","id");
--> statement-breakpoint
CREATE INDEX "offers_request_idx" ON "offers" USING btree ("request_message_id");
--> statement-breakpoint
CREATE INDEX "offers_message_idx" ON "offers" USING btree ("message_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_offer_key" ON "bookings" USING btree ("offer_id") WHERE offer_id is not null and (status <> 'cancelled' or paid_at is not null);
