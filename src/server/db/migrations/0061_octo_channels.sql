-- Resellers of the OCTO API and their hashed keys, and the guide's switch to sell through them (decision 201).
CREATE TABLE "channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"commission_percent" smallint DEFAULT 0 NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key_rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "channels_commission_range" CHECK ("channels"."commission_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "sells_through_resellers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "channels_key_hash_idx" ON "channels" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "channels_created_at_idx" ON "channels" USING btree ("created_at");