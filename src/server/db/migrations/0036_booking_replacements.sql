-- 0036_booking_replacements (decision 137): a guide's cancellation offers the traveler a replacement guide.
CREATE TABLE "booking_replacements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_replacements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"from_guide_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"booked_price" jsonb NOT NULL,
	"to_guide_id" integer,
	"tried_guide_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"covered_cents" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone,
	"answer_by" timestamp with time zone,
	"lapses_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_replacements_covered" CHECK (covered_cents >= 0)
);--> statement-breakpoint
ALTER TABLE "booking_replacements" ADD CONSTRAINT "booking_replacements_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_replacements" ADD CONSTRAINT "booking_replacements_from_guide_id_guides_id_fk" FOREIGN KEY ("from_guide_id") REFERENCES "public"."guides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_replacements" ADD CONSTRAINT "booking_replacements_to_guide_id_guides_id_fk" FOREIGN KEY ("to_guide_id") REFERENCES "public"."guides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_replacements_one_open" ON "booking_replacements" USING btree ("booking_id") WHERE status in ('open', 'requested');--> statement-breakpoint
CREATE INDEX "booking_replacements_from_guide_idx" ON "booking_replacements" USING btree ("from_guide_id","created_at");
