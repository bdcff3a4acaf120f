-- 0032_issued_invoices (decision 133): a guide's monthly invoice keeps, from its first issue, its
-- number, the recipient's name and the issuer's particulars; the figures stay computed from the ledgers.
CREATE TABLE "issued_invoices" (
	"guide_user_id" integer NOT NULL,
	"month" text NOT NULL,
	"number" text NOT NULL,
	"recipient" text NOT NULL,
	"operator" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_invoices_guide_user_id_month_pk" PRIMARY KEY("guide_user_id","month"),
	CONSTRAINT "issued_invoices_month" CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);--> statement-breakpoint
ALTER TABLE "issued_invoices" ADD CONSTRAINT "issued_invoices_guide_user_id_users_id_fk" FOREIGN KEY ("guide_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_invoices_number_key" ON "issued_invoices" USING btree ("number");
