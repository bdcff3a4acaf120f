-- A deposit's receipt a trip change replaced names the receipt that replaced it (decision 204): one current receipt a payment.
DROP INDEX "receipts_one_per_payment";--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "superseded_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_per_payment" ON "receipts" USING btree ("payment_id") WHERE kind = 'receipt' and superseded_by is null;