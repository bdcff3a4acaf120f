-- A guide's other calendars and the busy times read from them (decisions 199, 200): the slot rule reads them beside her bookings.
CREATE TABLE "guide_busy_times" (
	"guide_id" integer NOT NULL,
	"calendar_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_calendars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guide_calendars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"guide_id" integer NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"url_sealed" text NOT NULL,
	"url_hash" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_read_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"busy_count" integer DEFAULT 0 NOT NULL,
	"problem" text,
	"failing_since" timestamp with time zone,
	"failure_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guide_busy_times" ADD CONSTRAINT "guide_busy_times_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_busy_times" ADD CONSTRAINT "guide_busy_times_calendar_id_guide_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."guide_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_calendars" ADD CONSTRAINT "guide_calendars_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_busy_times_guide_starts_idx" ON "guide_busy_times" USING btree ("guide_id","starts_at");--> statement-breakpoint
CREATE INDEX "guide_busy_times_calendar_idx" ON "guide_busy_times" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "guide_calendars_guide_idx" ON "guide_calendars" USING btree ("guide_id");

