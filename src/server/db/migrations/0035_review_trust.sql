-- 0035_review_trust (decision 134): sub-ratings beside the overall stars (all four or none), the
-- reviewed guide's one public reply, and a review's photos.
ALTER TABLE "reviews" ADD COLUMN "knowledge_rating" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "communication_rating" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "punctuality_rating" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "value_rating" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_sub_ratings" CHECK ((knowledge_rating is null and communication_rating is null and punctuality_rating is null and value_rating is null)
        or (knowledge_rating between 1 and 5 and communication_rating between 1 and 5 and punctuality_rating between 1 and 5 and value_rating between 1 and 5));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply" CHECK ((reply is null) = (replied_at is null) and char_length(reply) <= 1000);--> statement-breakpoint
CREATE TABLE "review_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"review_id" integer NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_photos_review_idx" ON "review_photos" USING btree ("review_id","id");
