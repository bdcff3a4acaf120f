-- Changing a booked trip (decision 177): one row per change asked, at most one open per booking.
CREATE TABLE "booking_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"status" text NOT NULL,
	"quote" jsonb NOT NULL,
	"apply" jsonb NOT NULL,
	"pay_now_cents" integer DEFAULT 0 NOT NULL,
	"release_cents" integer DEFAULT 0 NOT NULL,
	"needs_guide" boolean NOT NULL,
	"payment_id" integer,
	"decline_reason" text,
	"expires_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_changes_money" CHECK (pay_now_cents >= 0 and release_cents >= 0 and (pay_now_cents = 0 or release_cents = 0))
);
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_changes_booking_idx" ON "booking_changes" USING btree ("booking_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_changes_one_open" ON "booking_changes" USING btree ("booking_id") WHERE status in ('awaiting_payment', 'requested');--> statement-breakpoint
-- What the applied changes added to (+) or released from (−) the deposit the platform holds: completion and a later cancellation read the deposit paid plus this.
ALTER TABLE "bookings" ADD COLUMN "deposit_change_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A change's difference is a charge of its own: one open attempt at a time, like a deposit's or an extension's (decision 100).
DROP INDEX "payments_one_open_per_charge";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_charge" ON "payments" USING btree ("booking_id","kind") WHERE status in ('processing', 'pending') and kind in ('deposit', 'extension', 'change');
