-- 0037_travel_credits (decision 139): a credit for the next booking after a guide's cancellation or absence.
ALTER TABLE "bookings" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_credit" CHECK (credit_cents >= 0);--> statement-breakpoint
CREATE TABLE "travel_credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "travel_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"traveler_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"source_booking_id" integer NOT NULL,
	"spent_booking_id" integer,
	"spent_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "travel_credits_amount" CHECK (amount_cents > 0),
	CONSTRAINT "travel_credits_reason" CHECK (reason in ('guide_cancelled', 'guide_no_show'))
);--> statement-breakpoint
ALTER TABLE "travel_credits" ADD CONSTRAINT "travel_credits_traveler_id_users_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_credits" ADD CONSTRAINT "travel_credits_source_booking_id_bookings_id_fk" FOREIGN KEY ("source_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_credits" ADD CONSTRAINT "travel_credits_spent_booking_id_bookings_id_fk" FOREIGN KEY ("spent_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "travel_credits_source_key" ON "travel_credits" USING btree ("source_booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "travel_credits_spent_key" ON "travel_credits" USING btree ("spent_booking_id") WHERE spent_booking_id is not null;--> statement-breakpoint
CREATE INDEX "travel_credits_traveler_idx" ON "travel_credits" USING btree ("traveler_id","expires_at");
