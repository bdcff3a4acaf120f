-- 0006_tour_extensions (hand-written): extensions of ongoing tours, and when a guide's earnings become withdrawable.
CREATE TABLE "booking_extensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_extensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"minutes" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"payment_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "booking_extensions_amounts" CHECK (minutes in (15, 30, 60, 120) and price_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "booking_extensions" ADD CONSTRAINT "booking_extensions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_extensions" ADD CONSTRAINT "booking_extensions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_extensions_booking_idx" ON "booking_extensions" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_extensions_one_open" ON "booking_extensions" USING btree ("booking_id") WHERE status in ('requested', 'paid', 'approved');--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "available_at" timestamp with time zone;
