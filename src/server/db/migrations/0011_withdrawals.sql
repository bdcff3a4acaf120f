-- 0011_withdrawals: hand-written (decision 067). Keep statements separated by breakpoints.
CREATE TABLE "withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_name" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"failure_reason" text,
	"decided_by" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE "payout_ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"withdrawal_id" integer NOT NULL REFERENCES "withdrawals"("id"),
	"account" text NOT NULL,
	"user_id" integer REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payout_ledger_withdrawal_idx" ON "payout_ledger_entries" USING btree ("withdrawal_id");
--> statement-breakpoint
CREATE INDEX "payout_ledger_user_idx" ON "payout_ledger_entries" USING btree ("user_id");
--> statement-breakpoint
CREATE FUNCTION "payout_ledger_entries_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum(amount_cents), 0) FROM payout_ledger_entries WHERE withdrawal_id = NEW.withdrawal_id) <> 0 THEN
    RAISE EXCEPTION 'payout ledger entries of withdrawal % do not sum to zero', NEW.withdrawal_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payout_ledger_entries_balanced" AFTER INSERT OR UPDATE ON "payout_ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "payout_ledger_entries_balanced"();
