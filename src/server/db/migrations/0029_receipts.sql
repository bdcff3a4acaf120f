-- 0029_receipts (decision 125): a receipt for every payment the platform received online (deposit,
-- extension) and a credit note for every refund of one, numbered from one counter row per series
-- taken in the transaction that changes the payment, so a number is never repeated and a rolled-back
-- payment leaves no gap. Payments settled before this migration get theirs when first read (the
-- operator's particulars a receipt keeps are settings, which SQL here cannot know).
CREATE TABLE "receipt_series" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_series_positive" CHECK (last_number > 0)
);--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"booking_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"payer_id" integer NOT NULL,
	"receipt_id" integer,
	"payment_kind" text NOT NULL,
	"method" text NOT NULL,
	"card_last4" text,
	"amount_cents" integer NOT NULL,
	"in_person_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"addressee" text NOT NULL,
	"operator" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_kind" CHECK (kind in ('receipt', 'credit_note')),
	CONSTRAINT "receipts_amounts" CHECK (amount_cents > 0 and in_person_cents >= 0),
	CONSTRAINT "receipts_credit_note_of_receipt" CHECK ((kind = 'credit_note') = (receipt_id is not null))
);--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_series_seq" ON "receipts" USING btree ("series","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_key" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_per_payment" ON "receipts" USING btree ("payment_id") WHERE kind = 'receipt';--> statement-breakpoint
CREATE INDEX "receipts_booking_idx" ON "receipts" USING btree ("booking_id","id");
