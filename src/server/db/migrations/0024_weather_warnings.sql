-- The typhoon rule (decision 093): warnings recorded by hand, every check of a booking's
-- JMA area (the evidence), and the warning in force on the booking itself.
CREATE TABLE "weather_warnings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "weather_warnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"area_code" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"recorded_by" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_weather_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_weather_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"checkpoint" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"area_code" text NOT NULL,
	"in_force" boolean NOT NULL,
	"kind" text,
	"code" text,
	"name" text,
	"issued_at" timestamp with time zone,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "weather_warning" jsonb;--> statement-breakpoint
ALTER TABLE "weather_warnings" ADD CONSTRAINT "weather_warnings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_weather_checks" ADD CONSTRAINT "booking_weather_checks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weather_warnings_area_idx" ON "weather_warnings" USING btree ("area_code","issued_at");--> statement-breakpoint
CREATE INDEX "booking_weather_checks_booking_idx" ON "booking_weather_checks" USING btree ("booking_id","id");
