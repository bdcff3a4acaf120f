-- 0016_user_suspension: an admin can suspend an account (hand-written, see schema/users.ts).
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;
