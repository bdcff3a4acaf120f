CREATE TABLE "guide_availability_exceptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guide_availability_exceptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"guide_id" integer NOT NULL,
	"date" date NOT NULL,
	"available" boolean NOT NULL,
	"start_minute" smallint,
	"end_minute" smallint,
	"note" text,
	CONSTRAINT "guide_availability_exceptions_hours" CHECK ((available = false) or (start_minute is not null and end_minute is not null and start_minute >= 0 and end_minute <= 1440 and start_minute < end_minute))
);
--> statement-breakpoint
CREATE TABLE "guide_itineraries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guide_itineraries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"guide_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"duration_hours" smallint NOT NULL,
	"stops" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_services" (
	"guide_id" integer NOT NULL,
	"subcategory_id" integer NOT NULL,
	"price_cents" integer,
	CONSTRAINT "guide_services_guide_id_subcategory_id_pk" PRIMARY KEY("guide_id","subcategory_id")
);
--> statement-breakpoint
CREATE TABLE "guide_weekly_availability" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guide_weekly_availability_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"guide_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "guide_weekly_availability_valid" CHECK (weekday between 1 and 7 and start_minute >= 0 and end_minute <= 1440 and start_minute < end_minute)
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"service_city" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"basic_price_per_hour_cents" integer NOT NULL,
	"additional_price_per_person_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"rating" double precision DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"age" smallint,
	"sex" text,
	"mbti" text,
	"ethics_score" smallint,
	"ethics_description" text,
	"boundary_score" smallint,
	"boundary_description" text,
	"supportive_score" smallint,
	"supportive_description" text,
	"occupation" text,
	"qualifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"experience_months" integer DEFAULT 0 NOT NULL,
	"session_count" integer DEFAULT 0 NOT NULL,
	"target_groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_people" smallint DEFAULT 1 NOT NULL,
	"max_people" smallint DEFAULT 6 NOT NULL,
	"min_duration_hours" smallint DEFAULT 2 NOT NULL,
	"max_duration_hours" smallint DEFAULT 8 NOT NULL,
	"time_zone" text DEFAULT 'Asia/Tokyo' NOT NULL,
	"weekly_days" smallint DEFAULT 0 NOT NULL,
	"service_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"language_mask" smallint GENERATED ALWAYS AS (((case when 'zh' = any(languages) then 1 else 0 end) | (case when 'ja' = any(languages) then 2 else 0 end) | (case when 'en' = any(languages) then 4 else 0 end))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guides_scores_range" CHECK ((ethics_score is null or ethics_score between 1 and 9) and (boundary_score is null or boundary_score between 1 and 9) and (supportive_score is null or supportive_score between 1 and 9)),
	CONSTRAINT "guides_people_range" CHECK (min_people >= 1 and max_people >= min_people),
	CONSTRAINT "guides_duration_range" CHECK (min_duration_hours >= 1 and max_duration_hours >= min_duration_hours),
	CONSTRAINT "guides_price_nonnegative" CHECK (basic_price_per_hour_cents >= 0 and additional_price_per_person_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer,
	"type" text NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"guide_id" integer,
	"rating" smallint NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "reviews_rating_range" CHECK (rating between 1 and 5),
	CONSTRAINT "reviews_content_length" CHECK (char_length(content) <= 2000)
);
--> statement-breakpoint
CREATE TABLE "saved_guides" (
	"traveler_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_guides_traveler_id_guide_id_pk" PRIMARY KEY("traveler_id","guide_id")
);
--> statement-breakpoint
ALTER TABLE "guide_availability_exceptions" ADD CONSTRAINT "guide_availability_exceptions_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_itineraries" ADD CONSTRAINT "guide_itineraries_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_services" ADD CONSTRAINT "guide_services_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_services" ADD CONSTRAINT "guide_services_subcategory_id_service_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."service_subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_weekly_availability" ADD CONSTRAINT "guide_weekly_availability_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_guides" ADD CONSTRAINT "saved_guides_traveler_id_users_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_guides" ADD CONSTRAINT "saved_guides_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guide_availability_exceptions_guide_date_key" ON "guide_availability_exceptions" USING btree ("guide_id","date");--> statement-breakpoint
CREATE INDEX "guide_availability_exceptions_date_idx" ON "guide_availability_exceptions" USING btree ("date","guide_id");--> statement-breakpoint
CREATE INDEX "guide_itineraries_guide_idx" ON "guide_itineraries" USING btree ("guide_id","sort_order");--> statement-breakpoint
CREATE INDEX "guide_services_subcategory_idx" ON "guide_services" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "guide_weekly_availability_guide_idx" ON "guide_weekly_availability" USING btree ("guide_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "guides_user_id_key" ON "guides" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "guides_search_city_rating_idx" ON "guides" USING btree ("service_city","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "guides_search_rating_idx" ON "guides" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "guides_search_city_price_idx" ON "guides" USING btree ("service_city","basic_price_per_hour_cents","min_people","max_people","language_mask","weekly_days","id","user_id","time_zone") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "guides_search_price_idx" ON "guides" USING btree ("basic_price_per_hour_cents","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "guides_service_ids_gin" ON "guides" USING gin ("service_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_type_key" ON "reviews" USING btree ("booking_id","type");--> statement-breakpoint
CREATE INDEX "reviews_guide_published_idx" ON "reviews" USING btree ("guide_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_to_user_idx" ON "reviews" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "saved_guides_traveler_created_idx" ON "saved_guides" USING btree ("traveler_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_guides_guide_idx" ON "saved_guides" USING btree ("guide_id");