-- 0023_guide_licences: hand-written (decision 092). A guide's licence under the
-- Licensed Guide Interpreter Act (全国通訳案内士 / 地域通訳案内士) and proof of passenger/vehicle
-- insurance, each with a private photo or PDF, verified or rejected by an admin (audited). The verified
-- licence is mirrored on the guide row (licence_kind, licence_region) in the same transaction, so the
-- card, the profile and the search index read it without a join and its change is announced by the
-- existing guide_search trigger on guides (migration 0003).
CREATE TABLE "guide_credentials" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "guide_id" integer NOT NULL REFERENCES "guides"("id") ON DELETE CASCADE,
  "type" text NOT NULL,
  "status" text DEFAULT 'submitted' NOT NULL,
  "licence_kind" text,
  "region" text,
  "registration_number" text,
  "prefecture" text,
  "languages" text[] DEFAULT '{}'::text[] NOT NULL,
  "insurer" text,
  "valid_until" date,
  "file_key" text NOT NULL,
  "file_type" text NOT NULL,
  "file_size" integer NOT NULL,
  "submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
  "reviewed_at" timestamp with time zone,
  "reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "review_note" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "guide_credentials_type_check" CHECK ("type" IN ('licence', 'insurance')),
  CONSTRAINT "guide_credentials_status_check" CHECK ("status" IN ('submitted', 'verified', 'rejected')),
  CONSTRAINT "guide_credentials_licence_check" CHECK ("type" <> 'licence' OR ("licence_kind" IN ('national', 'regional') AND "registration_number" IS NOT NULL AND "prefecture" IS NOT NULL AND ("licence_kind" = 'national' OR "region" IS NOT NULL))),
  CONSTRAINT "guide_credentials_file_check" CHECK ("file_type" IN ('image/webp', 'application/pdf') AND "file_size" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "guide_credentials_guide_type_key" ON "guide_credentials" ("guide_id", "type");
--> statement-breakpoint
CREATE INDEX "guide_credentials_status_idx" ON "guide_credentials" ("status", "submitted_at");
--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "licence_kind" text;
--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "licence_region" text;
--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "guide_drives" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_licence_kind_check" CHECK ("licence_kind" IS NULL OR "licence_kind" IN ('national', 'regional'));
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "guide_drives" boolean DEFAULT false NOT NULL;
