-- 0039_translations (decision 145): machine translations kept beside the original, and the month's character budget.
CREATE TABLE "translation_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"source_language" text NOT NULL,
	"target_language" text NOT NULL,
	"translated_text" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_cache_key_hex" CHECK ("translation_cache"."key" ~ '^[0-9a-f]{64}$')
);--> statement-breakpoint
CREATE TABLE "translation_months" (
	"month" text PRIMARY KEY NOT NULL,
	"characters" integer DEFAULT 0 NOT NULL,
	"stopped_at" timestamp with time zone
);
