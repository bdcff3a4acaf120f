-- 0010_guide_applications: hand-written. Guide applications and their qualification documents.
CREATE TABLE "guide_applications" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "status" text DEFAULT 'draft' NOT NULL,
  "data" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "declaration_accepted_at" timestamp with time zone,
  "submitted_at" timestamp with time zone,
  "reviewed_at" timestamp with time zone,
  "reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "review_note" text,
  "guide_id" integer REFERENCES "guides"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "guide_applications_status_check" CHECK ("status" IN ('draft', 'submitted', 'under_review', 'changes_requested', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "guide_applications_user_key" ON "guide_applications" ("user_id");
--> statement-breakpoint
CREATE INDEX "guide_applications_status_idx" ON "guide_applications" ("status", "submitted_at");
--> statement-breakpoint
CREATE TABLE "guide_application_documents" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "application_id" integer NOT NULL REFERENCES "guide_applications"("id") ON DELETE CASCADE,
  "storage_key" text NOT NULL,
  "content_type" text NOT NULL,
  "size_bytes" integer NOT NULL,
  "file_name" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "guide_application_documents_size" CHECK ("size_bytes" >= 0)
);
--> statement-breakpoint
CREATE INDEX "guide_application_documents_application_idx" ON "guide_application_documents" ("application_id");
