-- 0013_identity_verifications: hand-written. A user's identity verification: an ID document
-- and a selfie, private to the user and admins, reviewed by an admin. users.identity_verified (0001)
-- is set on approval.
CREATE TABLE "identity_verifications" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "status" text DEFAULT 'draft' NOT NULL,
  "document_kind" text,
  "document_key" text,
  "document_type" text,
  "document_size" integer,
  "document_uploaded_at" timestamp with time zone,
  "selfie_key" text,
  "selfie_type" text,
  "selfie_size" integer,
  "selfie_uploaded_at" timestamp with time zone,
  "submitted_at" timestamp with time zone,
  "reviewed_at" timestamp with time zone,
  "reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "review_note" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "identity_verifications_status_check" CHECK ("status" IN ('draft', 'submitted', 'approved', 'rejected', 'changes_requested')),
  CONSTRAINT "identity_verifications_kind_check" CHECK ("document_kind" IS NULL OR "document_kind" IN ('passport', 'national_id', 'residence_card', 'drivers_license')),
  CONSTRAINT "identity_verifications_document_type_check" CHECK ("document_type" IS NULL OR "document_type" IN ('image/webp', 'application/pdf')),
  CONSTRAINT "identity_verifications_selfie_type_check" CHECK ("selfie_type" IS NULL OR "selfie_type" = 'image/webp'),
  CONSTRAINT "identity_verifications_sizes" CHECK (coalesce("document_size", 1) > 0 AND coalesce("selfie_size", 1) > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_user_key" ON "identity_verifications" ("user_id");
--> statement-breakpoint
CREATE INDEX "identity_verifications_status_idx" ON "identity_verifications" ("status", "submitted_at");
