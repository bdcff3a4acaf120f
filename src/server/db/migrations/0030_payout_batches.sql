-- 0030_payout_batches: hand-written (decisions 128, 129). Keep statements separated by breakpoints.
ALTER TABLE "withdrawals" ADD COLUMN "bank_code" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "branch_code" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "branch_name" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "account_type" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "account_holder_kana" text;
--> statement-breakpoint
ALTER TABLE "payout_ledger_entries" ADD COLUMN "amount_yen" integer;
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"transfer_date" date,
	"jpy_per_cny" numeric(10, 6),
	"created_by" integer NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batches_bank_has_rate" CHECK (("kind" = 'bank') = ("jpy_per_cny" IS NOT NULL AND "transfer_date" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "payout_batch_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_batch_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer NOT NULL REFERENCES "payout_batches"("id"),
	"withdrawal_id" integer NOT NULL REFERENCES "withdrawals"("id"),
	"amount_cents" integer NOT NULL,
	"amount_yen" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"decided_by" integer REFERENCES "users"("id"),
	"decided_at" timestamp with time zone,
	CONSTRAINT "payout_batch_lines_amounts_positive" CHECK ("amount_cents" > 0 AND ("amount_yen" IS NULL OR "amount_yen" > 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_lines_withdrawal_key" ON "payout_batch_lines" USING btree ("withdrawal_id");
--> statement-breakpoint
CREATE INDEX "payout_batch_lines_batch_idx" ON "payout_batch_lines" USING btree ("batch_id");
