-- A reseller's bookings through the OCTO API (decision 202): the booking names its reseller, and octo_bookings holds the reseller's uuid, reference, hold expiry, price and contact.
CREATE TABLE "octo_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "octo_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel_id" integer NOT NULL,
	"uuid" text NOT NULL,
	"booking_id" integer NOT NULL,
	"reseller_reference" text,
	"option_id" text NOT NULL,
	"availability_id" text NOT NULL,
	"unit_items" jsonb NOT NULL,
	"currency" text NOT NULL,
	"retail_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"contact" jsonb,
	"notes" text,
	"confirmed_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "octo_bookings_money" CHECK ("octo_bookings"."retail_cents" >= 0 and "octo_bookings"."net_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "channel_id" integer;--> statement-breakpoint
ALTER TABLE "octo_bookings" ADD CONSTRAINT "octo_bookings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "octo_bookings" ADD CONSTRAINT "octo_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "octo_bookings_uuid_key" ON "octo_bookings" USING btree ("channel_id","uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "octo_bookings_booking_key" ON "octo_bookings" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "octo_bookings_reference_idx" ON "octo_bookings" USING btree ("channel_id","reseller_reference");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;