CREATE TABLE "simulated_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"provider_ref" text NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"approval_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_charges_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("updated_at") WHERE status in ('processing', 'pending');