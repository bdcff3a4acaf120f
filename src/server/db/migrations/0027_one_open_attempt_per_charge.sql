-- 0027_one_open_attempt_per_charge (decision 100): at most one open (processing or pending) attempt per
-- booking's deposit and per booking's extension. Attempts opened before this rule may stand side by
-- side: the newest stays open and the others are closed as superseded (a late approval of one still
-- arrives by webhook and is recorded, then refunded, as before), so the index can be built.
UPDATE "payments" p SET "status" = 'failed', "failure_code" = 'superseded', "failure_message" = 'Replaced by a newer payment attempt.', "updated_at" = now()
 WHERE p."status" IN ('processing', 'pending') AND p."kind" IN ('deposit', 'extension')
   AND EXISTS (
     SELECT 1 FROM "payments" n
      WHERE n."booking_id" = p."booking_id" AND n."kind" = p."kind" AND n."status" IN ('processing', 'pending') AND n."id" > p."id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_charge" ON "payments" USING btree ("booking_id","kind") WHERE status in ('processing', 'pending') and kind in ('deposit', 'extension');
