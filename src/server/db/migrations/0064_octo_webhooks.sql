-- The URLs resellers registered for OCTO webhooks, each with its sealed signing secret (decision 203).
CREATE TABLE "octo_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" integer NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"retry_on_error" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "octo_webhooks_event" CHECK ("octo_webhooks"."event" IN ('booking_update'))
);
--> statement-breakpoint
ALTER TABLE "octo_webhooks" ADD CONSTRAINT "octo_webhooks_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "octo_webhooks_channel_idx" ON "octo_webhooks" USING btree ("channel_id","created_at");