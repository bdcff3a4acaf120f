-- A guide's saved payout account (decision 172): one per user, saved before any balance, copied by her withdrawals.
CREATE TABLE "payout_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_name" text,
	"bank_code" text,
	"branch_code" text,
	"branch_name" text,
	"account_type" text,
	"account_holder_kana" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_bank_complete" CHECK ("payout_accounts"."method" <> 'bank' or ("payout_accounts"."bank_code" is not null and "payout_accounts"."branch_code" is not null and "payout_accounts"."account_type" is not null and "payout_accounts"."account_holder_kana" is not null))
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;