-- 0014_guide_texts: guide texts per language with the original language (hand-written; decision 070).
-- guides.texts / guide_itineraries.texts: {"zh": {...}, "en": {...}, "ja": {...}}; the plain columns
-- (bio, *_description, title, summary, stops) keep the original-language text for older readers.
CREATE FUNCTION guide_text_language(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN t ~ '[\u3040-\u30ff]' THEN 'ja'
    WHEN t ~ '[\u3400-\u4dbf\u4e00-\u9fff]' THEN 'zh'
    ELSE 'en'
  END
$$;
--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "original_language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "residence_zip_code" text;
--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "response_time" text;
--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_original_language_check" CHECK (original_language in ('zh', 'en', 'ja'));
--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_residence_zip_code_check" CHECK (residence_zip_code is null or residence_zip_code ~ '^[0-9]{3}-[0-9]{4}$');
--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_response_time_check" CHECK (response_time is null or response_time in ('within_hour', 'within_hours', 'within_day', 'within_days'));
--> statement-breakpoint
ALTER TABLE "guide_itineraries" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "guide_itineraries" ADD COLUMN "original_language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "guide_itineraries" ADD CONSTRAINT "guide_itineraries_original_language_check" CHECK (original_language in ('zh', 'en', 'ja'));
--> statement-breakpoint
-- Rows written without texts (older code, direct inserts, the application approval) get their
-- plain columns as the one version, in the language their script shows.
CREATE FUNCTION guides_texts_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.texts IS NULL OR NEW.texts = '{}'::jsonb THEN
    NEW.original_language := guide_text_language(coalesce(nullif(NEW.bio, ''), concat_ws(' ', NEW.ethics_description, NEW.boundary_description, NEW.supportive_description)));
    NEW.texts := jsonb_build_object(NEW.original_language, jsonb_strip_nulls(jsonb_build_object(
      'bio', nullif(NEW.bio, ''),
      'ethicsDescription', nullif(NEW.ethics_description, ''),
      'boundaryDescription', nullif(NEW.boundary_description, ''),
      'supportiveDescription', nullif(NEW.supportive_description, ''))));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guides_texts_default BEFORE INSERT ON guides FOR EACH ROW EXECUTE FUNCTION guides_texts_default();
--> statement-breakpoint
CREATE FUNCTION guide_itineraries_texts_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.texts IS NULL OR NEW.texts = '{}'::jsonb THEN
    NEW.original_language := guide_text_language(concat_ws(' ', NEW.title, NEW.summary));
    NEW.texts := jsonb_build_object(NEW.original_language, jsonb_build_object(
      'title', NEW.title,
      'summary', NEW.summary,
      'stops', coalesce((SELECT jsonb_agg(jsonb_build_object('title', coalesce(x.s->>'title', ''), 'description', coalesce(x.s->>'description', '')) ORDER BY x.o) FROM jsonb_array_elements(NEW.stops) WITH ORDINALITY AS x(s, o)), '[]'::jsonb)));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guide_itineraries_texts_default BEFORE INSERT ON guide_itineraries FOR EACH ROW EXECUTE FUNCTION guide_itineraries_texts_default();
--> statement-breakpoint
-- Backfill: every existing text becomes the one version in its detected language (nothing is lost).
UPDATE "guides" SET
  "original_language" = guide_text_language(coalesce(nullif(bio, ''), concat_ws(' ', ethics_description, boundary_description, supportive_description))),
  "texts" = jsonb_build_object(guide_text_language(coalesce(nullif(bio, ''), concat_ws(' ', ethics_description, boundary_description, supportive_description))), jsonb_strip_nulls(jsonb_build_object(
    'bio', nullif(bio, ''),
    'ethicsDescription', nullif(ethics_description, ''),
    'boundaryDescription', nullif(boundary_description, ''),
    'supportiveDescription', nullif(supportive_description, ''))));
--> statement-breakpoint
UPDATE "guide_itineraries" SET
  "original_language" = guide_text_language(concat_ws(' ', title, summary)),
  "texts" = jsonb_build_object(guide_text_language(concat_ws(' ', title, summary)), jsonb_build_object(
    'title', title,
    'summary', summary,
    'stops', coalesce((SELECT jsonb_agg(jsonb_build_object('title', coalesce(x.s->>'title', ''), 'description', coalesce(x.s->>'description', '')) ORDER BY x.o) FROM jsonb_array_elements(stops) WITH ORDINALITY AS x(s, o)), '[]'::jsonb)));
